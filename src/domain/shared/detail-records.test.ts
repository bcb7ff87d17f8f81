import { describe, expect, it } from 'vitest';
import { isBookingDetail, isKitDetail, isMessageDetail, isPatientDetail } from './detail-records';

const bookingRow = { id: 'BK000157', bookingStatus: 'BOOKED', firstName: 'A', lastName: 'B', appntStart: '2026-11-28T10:00:00Z', masked: false };
const bookingDetail = {
  ...bookingRow,
  products: [],
  appntNotes: [],
  clinicalNotes: [],
  timeline: [],
  kitIds: [],
  selfCheckInCompletedSteps: [],
  documentS3UrlMap: {},
  careType: { name: 'x', displayName: 'X' },
  careLocation: { name: 'y', address: '', timezone: 'UTC' },
};

describe('detail records against the list rows that seed the cache', () => {
  it('a Find Appointments row is not a booking detail; the GET get/{id} record is', () => {
    expect(isBookingDetail(bookingRow)).toBe(false);
    expect(isBookingDetail({ ...bookingDetail, documentS3UrlMap: undefined })).toBe(false);
    expect(isBookingDetail(bookingDetail)).toBe(true);
    const { clinicalNotes: _, ...forStaff } = bookingDetail; // roles without clinical access receive no clinical fields
    expect(isBookingDetail(forStaff)).toBe(true);
  });
  it('an inbox row is not a message detail (no thread or annotations)', () => {
    const row = { id: 'm', subject: 's', toUsers: [], fromUser: { addresseeType: 'P' } };
    expect(isMessageDetail(row)).toBe(false);
    expect(isMessageDetail({ ...row, thread: [], annotations: [] })).toBe(true);
  });
  it('a patient search row is not the patient detail (no address, no userId)', () => {
    const row = {
      id: 'p',
      firstName: 'A',
      lastName: 'B',
      name: 'A B',
      email: null,
      dob: null,
      phoneNumber: null,
      state: 'NV',
      location: null,
      masked: false,
    };
    expect(isPatientDetail(row)).toBe(false);
    expect(isPatientDetail({ ...row, userId: 'p', address: { street_address: null } })).toBe(true);
  });
  it('nothing, null and a lab row are not a kit detail', () => {
    expect(isKitDetail(undefined)).toBe(false);
    expect(isKitDetail(null)).toBe(false);
    expect(isKitDetail({ kitId: 'KT0000001', status: 'x' })).toBe(false);
    expect(isKitDetail({ kitId: 'KT0000001', labName: 'Labcorp', registrationDateTime: '2026-11-28T00:00:00Z' })).toBe(true);
  });
});
