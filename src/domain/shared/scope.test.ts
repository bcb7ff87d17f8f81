import { describe, expect, it } from 'vitest';
import type { Role } from './roles';
import { inPatientScope, isLicenceBound, patientScope, recordAccess } from './scope';

const JANE_STATES = ['CA', 'CO', 'NV', 'NY'];
const scopeOf = (...roles: Role[]) => patientScope(roles, JANE_STATES);

describe('patientScope: who is limited to its valid licence states', () => {
  it('a clinician is licence-bound, also when it is staff too; super admins and auditors are not', () => {
    expect(isLicenceBound(['clinicians'])).toBe(true);
    expect(isLicenceBound(['clinicians', 'staff'])).toBe(true);
    expect(isLicenceBound(['clinicians', 'super_admin'])).toBe(false);
    expect(isLicenceBound(['clinicians', 'auditor_read_only'])).toBe(false);
    expect(isLicenceBound(['staff'])).toBe(false);
    expect(isLicenceBound(['operation_support'])).toBe(false);
  });
  it('only a licence-bound scope carries states', () => {
    expect(scopeOf('clinicians').states).toEqual(JANE_STATES);
    expect(scopeOf('super_admin').states).toEqual([]);
  });
  it('clinical fields: clinicians, super admins and auditors; never staff or operation support', () => {
    expect(scopeOf('clinicians').clinical).toBe(true);
    expect(scopeOf('super_admin').clinical).toBe(true);
    expect(scopeOf('auditor_read_only').clinical).toBe(true);
    expect(scopeOf('staff').clinical).toBe(false);
    expect(scopeOf('operation_support').clinical).toBe(false);
  });
});

describe('inPatientScope', () => {
  const clinician = scopeOf('clinicians');
  it('a licence-bound clinician reads in clear only in its valid licence states', () => {
    expect(inPatientScope(clinician, 'NV', true, null)).toBe(true);
    expect(inPatientScope(clinician, 'TX', true, null)).toBe(false); // expired licence
    expect(inPatientScope(clinician, 'PA', true, null)).toBe(false); // no licence at all
  });
  it('a clinician without any licence reads nobody in clear', () => {
    const none = patientScope(['clinicians'], []);
    for (const s of ['NV', 'TX', 'PA']) expect(inPatientScope(none, s, true, null)).toBe(false);
  });
  it('a patient without a state is out of scope; a record without a patient carries no patient data', () => {
    expect(inPatientScope(clinician, null, true, null)).toBe(false);
    expect(inPatientScope(clinician, undefined, true, null)).toBe(false);
    expect(inPatientScope(clinician, null, false, null)).toBe(true);
  });
  it('auditors, super admins, staff and operation support read every state', () => {
    for (const roles of [['auditor_read_only'], ['super_admin'], ['staff'], ['operation_support']] as Role[][]) {
      expect(inPatientScope(patientScope(roles, []), 'PA', true, null)).toBe(true);
      expect(inPatientScope(patientScope(roles, []), null, true, null)).toBe(true);
    }
  });
});

describe('recordAccess', () => {
  it('masked outside the scope, clinical or operational inside', () => {
    expect(recordAccess(scopeOf('clinicians'), 'TX', true, null)).toBe('masked');
    expect(recordAccess(scopeOf('clinicians'), 'NV', true, null)).toBe('clinical');
    expect(recordAccess(scopeOf('auditor_read_only'), 'TX', true, null)).toBe('clinical');
    expect(recordAccess(scopeOf('staff'), 'TX', true, null)).toBe('operational');
    expect(recordAccess(scopeOf('operation_support'), 'NV', true, null)).toBe('operational');
  });
});
