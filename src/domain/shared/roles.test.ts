import { describe, expect, it } from 'vitest';
import { permissionsFor, rolesFromGroups, type Role } from './roles';

describe('rolesFromGroups', () => {
  it('keeps known groups, maps SUPER_ADMIN, drops unknown and duplicates', () => {
    expect(rolesFromGroups(['clinicians', 'SUPER_ADMIN', 'super_admin', 'admins', 42])).toEqual(['clinicians', 'super_admin']);
  });
  it('accepts a single string and ignores non-lists', () => {
    expect(rolesFromGroups('staff')).toEqual(['staff']);
    expect(rolesFromGroups(undefined)).toEqual([]);
    expect(rolesFromGroups({ a: 1 })).toEqual([]);
  });
});

describe('permissionsFor (spec 1 §6)', () => {
  const cases: Array<[Role[], { productOrderAccess: boolean; clinicalAccess: boolean; unmasked: boolean; readOnly: boolean }]> = [
    [['clinicians'], { productOrderAccess: true, clinicalAccess: true, unmasked: false, readOnly: false }],
    [['super_admin'], { productOrderAccess: true, clinicalAccess: true, unmasked: true, readOnly: false }],
    [['staff'], { productOrderAccess: true, clinicalAccess: false, unmasked: false, readOnly: false }],
    [['operation_support'], { productOrderAccess: false, clinicalAccess: false, unmasked: false, readOnly: false }],
    [['auditor_read_only'], { productOrderAccess: false, clinicalAccess: false, unmasked: true, readOnly: true }],
    [['auditor_read_only', 'clinicians'], { productOrderAccess: true, clinicalAccess: true, unmasked: true, readOnly: true }],
    [[], { productOrderAccess: false, clinicalAccess: false, unmasked: false, readOnly: false }],
  ];
  it.each(cases)('%j', (roles, expected) => {
    expect(permissionsFor(roles)).toMatchObject(expected);
  });
});
