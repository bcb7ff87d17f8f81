import { describe, expect, it } from 'vitest';
import { patientQueryOf, patientTarget, recordTargets, screenTargets } from './palette';

describe('command palette targets', () => {
  it('a whole kit id or booking id opens its detail page, in capitals', () => {
    expect(recordTargets(' kt0000655 ')).toEqual([{ kind: 'kit', label: 'KT0000655', to: '/KitDetails?kitId=KT0000655' }]);
    expect(recordTargets('BK000123')).toEqual([{ kind: 'booking', label: 'BK000123', to: '/BookingDetails?bookingId=BK000123' }]);
    expect(recordTargets('KT')).toEqual([]);
    expect(recordTargets('lee')).toEqual([]);
  });

  it('screens the roles may open, by title, never the ones that need a record', () => {
    const clinician = screenTargets(['clinicians'], '').map((t) => t.to);
    expect(clinician).toContain('/result');
    expect(clinician).not.toContain('/super-admin');
    expect(clinician).not.toContain('/access-log');
    expect(clinician).not.toContain('/KitDetails');
    expect(clinician).not.toContain('/BookingDetails');
    expect(screenTargets(['super_admin'], 'admin').map((t) => t.to)).toEqual(['/super-admin']);
    expect(screenTargets(['auditor_read_only'], 'phi').map((t) => t.label)).toEqual(['PHI Access Log']);
    expect(screenTargets([], '').map((t) => t.to)).not.toContain('/result');
  });

  it('asks the patient search by e-mail, phone or name; nothing for ids, short or mixed texts', () => {
    expect(patientQueryOf('Ann@Example.com')).toEqual({ type: 'patient_email', term: 'ann@example.com' });
    expect(patientQueryOf('(702) 555-0101')).toEqual({ type: 'patient_phone', term: '7025550101' });
    expect(patientQueryOf('  Ann   Lee ')).toEqual({ type: 'patient_name', term: 'ann lee' });
    expect(patientQueryOf('KT0000655')).toBeNull();
    expect(patientQueryOf('an')).toBeNull();
    expect(patientQueryOf('abc123')).toBeNull();
    expect(patientTarget({ id: 'p1', name: 'Ann Lee', email: 'ann@example.com', dob: '1990-05-20' })).toEqual({
      kind: 'patient',
      label: 'Ann Lee',
      to: '/PatientProfile?patientId=p1&idType=sub',
      detail: 'ann@example.com · 1990-05-20',
    });
  });
});
