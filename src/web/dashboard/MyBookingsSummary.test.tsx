// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BookingDashboardRow, ClinicianSummary } from '../../domain/bookings/booking-summary';
import { fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { MyBookingsSummary } from './MyBookingsSummary';

const row = (o: Partial<BookingDashboardRow>): BookingDashboardRow => ({
  bookingId: 'BK000001',
  bookingStatus: 'BOOKED_CONFIRMED',
  careStateRegion: 'NV',
  email: 'ann@example.com',
  name: 'Ann Lee',
  selfcheckinComplete: true,
  dob: '1990-05-20',
  products: [{ name: 'HPV' }, { name: 'Follow-up Consult' }],
  careLocation: 'CHARLESTON_NV_89104',
  appntStart: '2026-11-23T17:00:00.000Z',
  masked: false,
  ...o,
});
const MASKED = row({
  bookingId: 'XXXXXX',
  bookingStatus: 'XXXXXX',
  careStateRegion: 'XXXXXX',
  email: 'XXXXXX',
  name: 'XXXXXX',
  selfcheckinComplete: 'XXXXXX',
  dob: 'XXXXXX',
  products: [],
  careLocation: 'XXXXXX',
  appntStart: 'XXXXXX',
  masked: true,
});
const SUMMARY: ClinicianSummary = {
  timeZone: 'America/Los_Angeles',
  today: {
    total: 3,
    statusCounts: { BOOKED_CONFIRMED: 2, BOOKED_PENDING_CONFIRMATION: 1 },
    rows: [row({}), row({ bookingId: 'BK000002', name: 'Bo Ray', selfcheckinComplete: false, products: [] }), MASKED],
  },
  upcoming: { total: 0, statusCounts: {}, rows: [] },
};

describe('My Appointments (GET /summaryForClinician)', () => {
  it("shows today's and upcoming own bookings with counts by status, self check-in, products and a link to each booking", async () => {
    renderInAdmin(<MyBookingsSummary />, { dataProvider: fakeDataProvider({ clinicianBookingSummary: vi.fn(async () => SUMMARY) }) });
    const today = await screen.findByRole('table', { name: "Today's Appointment" });
    expect(screen.getByText("Today's Appointment: 3")).toBeInTheDocument();
    expect(screen.getByText('BOOKED_CONFIRMED: 2')).toBeInTheDocument();
    const rows = within(today).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/BookingDetails?bookingId=BK000001');
    expect(rows[0]).toHaveTextContent('Yes');
    expect(rows[0]).toHaveTextContent('HPV, Follow-up Consult');
    expect(rows[1]).toHaveTextContent('No');
    expect(within(rows[2]).queryByRole('link')).toBeNull();
    expect(rows[2]).toHaveTextContent('XXXXXX');
    expect(screen.getByText('Upcoming (next 7 days): 0')).toBeInTheDocument();
    expect(screen.getByText('No appointments')).toBeInTheDocument();
  });
});
