import { describe, expect, it } from 'vitest';
import { activeBreakGlass, breakGlassEnd, breakGlassStartSchema, mayBreakGlass } from './break-glass';
import { BREAK_GLASS_TEXTS } from '../i18n/en/break-glass';
import { byBreakGlass, inPatientScope, patientScope, recordAccess } from '../shared/scope';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const STATES = ['CA', 'NV'];

describe('break-glass in the patient scope', () => {
  it('a licence-bound clinician reads the break-glass patient in clear (clinical), other out-of-state patients stay masked', () => {
    const scope = patientScope(['clinicians'], STATES, [P1]);
    expect(inPatientScope(scope, 'TX', true, P1)).toBe(true);
    expect(recordAccess(scope, 'TX', true, P1)).toBe('clinical');
    expect(inPatientScope(scope, 'TX', true, P2)).toBe(false);
    expect(recordAccess(scope, 'TX', true, P2)).toBe('masked');
    expect(inPatientScope(scope, 'TX', true, null)).toBe(false); // a caller that does not name the patient never widens
    expect(inPatientScope(scope, null, true, P1.toUpperCase())).toBe(true);
  });
  it('never widens roles that are not licence-bound: staff and operation support stay without clinical fields', () => {
    for (const roles of [['staff'], ['operation_support']] as const) {
      const scope = patientScope([...roles], STATES, [P1]);
      expect(scope.breakGlass).toEqual([]);
      expect(recordAccess(scope, 'TX', true, P1)).toBe('operational');
    }
    expect(patientScope(['super_admin'], STATES, [P1]).breakGlass).toEqual([]);
  });
  it('byBreakGlass: only a patient reached through the session, not one already in a licence state', () => {
    const scope = patientScope(['clinicians'], STATES, [P1, P2]);
    expect(byBreakGlass(scope, 'TX', P1)).toBe(true);
    expect(byBreakGlass(scope, 'NV', P2)).toBe(false);
    expect(byBreakGlass(patientScope(['clinicians'], STATES), 'TX', P1)).toBe(false);
  });
});

describe('break-glass sessions', () => {
  it('only licence-bound clinicians may start one', () => {
    expect(mayBreakGlass(['clinicians'])).toBe(true);
    expect(mayBreakGlass(['clinicians', 'staff'])).toBe(true);
    for (const roles of [['staff'], ['operation_support'], ['super_admin'], ['auditor_read_only'], ['clinicians', 'super_admin']] as const) {
      expect(mayBreakGlass([...roles])).toBe(false);
    }
  });
  it('a session is active until its end time: expiry needs no write', () => {
    const now = new Date('2026-11-23T18:00:00Z');
    const sessions = [
      { patientId: P1, expiresAt: breakGlassEnd(now, 60).toISOString() },
      { patientId: P2, expiresAt: '2026-11-23T18:00:00Z' },
    ];
    expect(activeBreakGlass(sessions, now)).toEqual([P1]);
    expect(activeBreakGlass(sessions, new Date('2026-11-23T19:00:00Z'))).toEqual([]);
  });
  it('a reason is required (blank is not a reason)', () => {
    for (const reason of ['', '   ', undefined]) {
      const r = breakGlassStartSchema.safeParse({ patientId: P1, reason });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(BREAK_GLASS_TEXTS.reasonRequired);
    }
    expect(breakGlassStartSchema.parse({ patientId: P1, reason: ' cardiac arrest ' }).reason).toBe('cardiac arrest');
  });
});
