import { describe, expect, it } from 'vitest';
import { NO_CALENDAR_REFUSAL } from '../clinician/clinical-gate';
import { CLINICAL_DATA_ROLES, clinicalWrite, ROUTE_REFUSAL, routeRefusal, read, write, account } from './route-access';

const who = (roles: string[], inactive = false, calendarLink: string | null = 'https://cal.example.com/x') => ({
  roles: roles as never[],
  inactive,
  calendarLink,
});

describe('routeRefusal: the boundary decides by the declaration, never by the HTTP method', () => {
  it('pending users (no group) reach only signedIn routes', () => {
    expect(routeRefusal(who([]), read('members').access)).toBe(ROUTE_REFUSAL.noGroup);
    expect(routeRefusal(who([]), read('signedIn').access)).toBeNull();
  });
  it('INACTIVE clinicians reach only allowInactive routes', () => {
    expect(routeRefusal(who(['clinicians'], true), read('members').access)).toBe(ROUTE_REFUSAL.inactive);
    expect(routeRefusal(who(['clinicians'], true), read('members', { allowInactive: true }).access)).toBeNull();
  });
  it('roles outside the list are refused', () => {
    expect(routeRefusal(who(['staff']), read(CLINICAL_DATA_ROLES).access)).toBe(ROUTE_REFUSAL.role);
    expect(routeRefusal(who(['staff', 'clinicians']), read(CLINICAL_DATA_ROLES).access)).toBeNull();
  });
  it('auditors read, never write, but may sign themselves out; a super admin who is also an auditor writes', () => {
    expect(routeRefusal(who(['auditor_read_only']), read(CLINICAL_DATA_ROLES).access)).toBeNull();
    expect(routeRefusal(who(['auditor_read_only']), write(CLINICAL_DATA_ROLES).access)).toBe(ROUTE_REFUSAL.readOnly);
    expect(routeRefusal(who(['auditor_read_only']), account('signedIn').access)).toBeNull();
    expect(routeRefusal(who(['auditor_read_only', 'super_admin']), write(CLINICAL_DATA_ROLES).access)).toBeNull();
  });
  it('clinical work: a clinician without a calendar link is refused with the reason; other roles are not gated by a calendar', () => {
    const access = clinicalWrite(CLINICAL_DATA_ROLES).access;
    expect(access).toMatchObject({ kind: 'write', licenceBound: true, clinicalWork: true });
    expect(routeRefusal(who(['clinicians'], false, null), access)).toBe(NO_CALENDAR_REFUSAL);
    expect(routeRefusal(who(['clinicians'], false, '  '), access)).toBe(NO_CALENDAR_REFUSAL);
    expect(routeRefusal(who(['clinicians', 'staff'], false, null), access)).toBe(NO_CALENDAR_REFUSAL);
    expect(routeRefusal(who(['clinicians']), access)).toBeNull();
    expect(routeRefusal(who(['super_admin'], false, null), access)).toBeNull();
    // a route that is not clinical work, and reads, stay open to her
    expect(routeRefusal(who(['clinicians'], false, null), write('members').access)).toBeNull();
    expect(routeRefusal(who(['clinicians'], false, null), read(CLINICAL_DATA_ROLES).access)).toBeNull();
    // the role and read-only checks come first
    expect(routeRefusal(who(['staff'], false, null), access)).toBe(ROUTE_REFUSAL.role);
    expect(routeRefusal(who(['auditor_read_only'], false, null), access)).toBe(ROUTE_REFUSAL.readOnly);
  });
});
