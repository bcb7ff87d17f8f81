import { describe, expect, it } from 'vitest';
import { CLINICAL_DATA_ROLES, ROUTE_REFUSAL, routeRefusal, read, write, account } from './route-access';

const who = (roles: string[], inactive = false) => ({ roles: roles as never[], inactive });

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
});
