import { describe, expect, it } from 'vitest';
import { clinicalDataAccess } from './booking-access';

const viewer = { clinicalAccess: false, superAdmin: false, readOnly: false, unmasked: false, validStates: ['NV'], breakGlass: [] as string[] };

describe('clinicalDataAccess', () => {
  it('super admin reads and writes; the auditor reads only', () => {
    expect(clinicalDataAccess('TX', 'p-1', { ...viewer, superAdmin: true, clinicalAccess: true })).toMatchObject({
      hasReadAccessToClinicalData: true,
      hasWriteAccessToClinicalData: true,
    });
    expect(clinicalDataAccess('TX', 'p-1', { ...viewer, readOnly: true, unmasked: true })).toEqual({
      hasReadAccessToClinicalData: true,
      hasWriteAccessToClinicalData: false,
      restrictClinicalDataAccessReason: 'Read-only role',
    });
  });
  it('a clinician needs a valid licence in the patient state; other roles have none', () => {
    expect(clinicalDataAccess('NV', 'p-1', { ...viewer, clinicalAccess: true }).hasWriteAccessToClinicalData).toBe(true);
    expect(clinicalDataAccess('CA', 'p-1', { ...viewer, clinicalAccess: true })).toEqual({
      hasReadAccessToClinicalData: false,
      hasWriteAccessToClinicalData: false,
      restrictClinicalDataAccessReason: 'No valid licence in the patient state CA',
    });
    expect(clinicalDataAccess(null, 'p-1', { ...viewer, clinicalAccess: true }).restrictClinicalDataAccessReason).toContain('unknown');
    expect(clinicalDataAccess('NV', 'p-1', viewer).hasReadAccessToClinicalData).toBe(false);
  });
  it('a running break-glass session opens that patient like one in a licence state, no other patient', () => {
    const glass = { ...viewer, clinicalAccess: true, breakGlass: ['p-1'] };
    expect(clinicalDataAccess('CA', 'p-1', glass)).toEqual({
      hasReadAccessToClinicalData: true,
      hasWriteAccessToClinicalData: true,
      restrictClinicalDataAccessReason: null,
    });
    expect(clinicalDataAccess('CA', 'p-2', glass).hasReadAccessToClinicalData).toBe(false);
    expect(clinicalDataAccess('CA', null, glass).hasReadAccessToClinicalData).toBe(false);
    // Only for clinical roles: the session never gives clinical data to a role without it.
    expect(clinicalDataAccess('CA', 'p-1', { ...glass, clinicalAccess: false }).hasReadAccessToClinicalData).toBe(false);
  });
});
