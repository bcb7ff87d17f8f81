import { describe, expect, it } from 'vitest';
import { followUpLink, followUpState } from './follow-up';

const links = { NV: 'https://cal.example.com/las-vegas', CO: 'https://cal.example.com/denver?src=portal' };
const patient = { id: 'pat-1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phoneNumber: '7025550101' };
const clinician = { firstName: 'Jane', lastName: 'Doe', tbdEmail: 'jane@tbd.example' };
const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('follow-up scheduling', () => {
  it('Vegas is NV, Denver CO; the Reminder follows the state, NV when there is none or no city for it', () => {
    expect(followUpState('vegas', 'CO')).toBe('NV');
    expect(followUpState('denver', null)).toBe('CO');
    expect(followUpState('reminder', 'co')).toBe('CO');
    expect(followUpState('reminder', null)).toBe('NV');
    expect(followUpState('reminder', '')).toBe('NV');
    expect(followUpState('reminder', 'TX')).toBe('NV');
  });

  it('opens the city calendar link with {name, email, phone, notes, patientId}', () => {
    const vegas = followUpLink('vegas', { patient, clinician: null, state: 'CO', links, bookingId: 'BK1' });
    expect('url' in vegas && vegas.url.startsWith('https://cal.example.com/las-vegas?')).toBe(true);
    expect(query((vegas as { url: string }).url)).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '7025550101',
      notes: 'Follow-up appointment for booking BK1',
      patientId: 'pat-1',
    });
    const denver = followUpLink('denver', { patient, clinician: null, state: 'NV', links }) as { url: string };
    expect(query(denver.url)).toMatchObject({ src: 'portal', name: 'Ann Lee', notes: 'Follow-up appointment' });
    const reminder = followUpLink('reminder', { patient, clinician, state: null, links }) as { url: string };
    expect(reminder.url.startsWith(links.NV)).toBe(true);
    expect(Object.keys(query(reminder.url)).sort()).toEqual(['email', 'name', 'notes', 'patientId', 'phone']);
    expect(query(reminder.url).notes).toContain('Jane Doe');
  });

  it("refuses with 'Patient details are missing', 'Clinician details are missing', a missing e-mail or link", () => {
    expect(followUpLink('reminder', { patient: { ...patient, firstName: '' }, clinician, state: 'NV', links })).toEqual({
      error: 'patientDetailsMissing',
    });
    expect(followUpLink('reminder', { patient, clinician: { ...clinician, tbdEmail: null }, state: 'NV', links })).toEqual({
      error: 'clinicianDetailsMissing',
    });
    expect(followUpLink('reminder', { patient, clinician: null, state: 'NV', links })).toEqual({ error: 'clinicianDetailsMissing' });
    expect(followUpLink('vegas', { patient: { ...patient, email: null }, clinician, state: 'NV', links })).toEqual({ error: 'noEmail' });
    expect(followUpLink('denver', { patient, clinician, state: 'NV', links: { NV: links.NV } })).toEqual({ error: 'notConfigured' });
  });
});
