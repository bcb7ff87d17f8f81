import { describe, expect, it } from 'vitest';
import { clinicalDataAccess } from './booking-access';

const viewer = { clinicalAccess: false, superAdmin: false, readOnly: false, unmasked: false, validStates: ['NV'] };

describe('clinicalDataAccess', () => {
  it('super admin reads and writes; the auditor reads only', () => {
    expect(clinicalDataAccess('TX', { ...viewer, superAdmin: true, clinicalAccess: true })).toMatchObject({ hasReadAccessToClinicalData: true, hasWriteAccessToClinicalData: true });
    expect(clinicalDataAccess('TX', { ...viewer, readOnly: true, unmasked: true })).toEqual({
      hasReadAccessToClinicalData: true, hasWriteAccessToClinicalData: false, restrictClinicalDataAccessReason: 'Read-only role' });
  });
  it('a clinician needs a valid licence in the patient state; other roles have none', () => {
    expect(clinicalDataAccess('NV', { ...viewer, clinicalAccess: true }).hasWriteAccessToClinicalData).toBe(true);
    expect(clinicalDataAccess('CA', { ...viewer, clinicalAccess: true })).toEqual({
      hasReadAccessToClinicalData: false, hasWriteAccessToClinicalData: false, restrictClinicalDataAccessReason: 'No valid licence in the patient state CA' });
    expect(clinicalDataAccess(null, { ...viewer, clinicalAccess: true }).restrictClinicalDataAccessReason).toContain('unknown');
    expect(clinicalDataAccess('NV', viewer).hasReadAccessToClinicalData).toBe(false);
  });
});
