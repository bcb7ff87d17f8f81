import { describe, expect, it } from 'vitest';
import { changedByReason, LIVE_INVALIDATES, LIVE_RECORD_TYPES, mayReceive } from './live';
import { patientScope } from '../shared/scope';
import type { Role } from '../shared/roles';

const user = (roles: Role[], states: string[] = []) => ({ roles, scope: patientScope(roles, states) });
const lab = LIVE_RECORD_TYPES.lab_request;
const nv = { patientState: 'NV', hasPatient: true };

describe('who receives a live event', () => {
  it('a licence-bound clinician only for patients in its valid states; a kit without a patient is in scope', () => {
    expect(mayReceive(user(['clinicians'], ['NV']), lab, nv)).toBe(true);
    expect(mayReceive(user(['clinicians'], ['CO']), lab, nv)).toBe(false);
    expect(mayReceive(user(['clinicians'], ['CO']), lab, { patientState: null, hasPatient: true })).toBe(false);
    expect(mayReceive(user(['clinicians'], []), LIVE_RECORD_TYPES.kit, { patientState: null, hasPatient: false })).toBe(true);
  });
  it('roles without clinical access never hear of lab requests or results; they do of kits and bookings', () => {
    for (const roles of [['staff'], ['operation_support']] as Role[][]) {
      expect(mayReceive(user(roles), lab, nv)).toBe(false);
      expect(mayReceive(user(roles), LIVE_RECORD_TYPES.test_result, nv)).toBe(false);
      expect(mayReceive(user(roles), LIVE_RECORD_TYPES.booking, nv)).toBe(true);
    }
    expect(mayReceive(user(['staff']), LIVE_RECORD_TYPES.kit, nv)).toBe(true);
    expect(mayReceive(user(['operation_support']), LIVE_RECORD_TYPES.kit, nv)).toBe(false);
  });
  it('auditors and super admins everywhere; nobody for a record that is gone; no role: nothing', () => {
    expect(mayReceive(user(['auditor_read_only']), lab, nv)).toBe(true);
    expect(mayReceive(user(['super_admin', 'clinicians']), lab, { patientState: 'FL', hasPatient: true })).toBe(true);
    expect(mayReceive(user(['super_admin']), lab, null)).toBe(false);
    expect(mayReceive(user([]), LIVE_RECORD_TYPES.booking, nv)).toBe(false);
  });
  it('every event resource invalidates at least itself', () => {
    for (const t of Object.values(LIVE_RECORD_TYPES)) expect(LIVE_INVALIDATES[t.resource]).toContain(t.resource);
  });
});

describe('changedByReason', () => {
  it('names who changed the record and how, else keeps the reason', () => {
    expect(changedByReason('lab request is APPROVED; approve needs REGISTERED', { by: 'Jane Doe', action: 'APPROVE' })).toBe(
      'lab request is APPROVED; approve needs REGISTERED; changed by Jane Doe (APPROVE)',
    );
    expect(changedByReason('x', null)).toBe('x');
    expect(changedByReason('x', { by: '', action: 'ASSIGN' })).toBe('x');
  });
});

describe('message events', () => {
  const message = LIVE_RECORD_TYPES.message;
  const viewer = (sub: string, o: Partial<{ groups: string[]; sharedMailbox: boolean; seesAll: boolean }> = {}) => ({
    sub,
    groups: [],
    sharedMailbox: false,
    seesAll: false,
    ...o,
  });
  const shared = { patientState: 'NV', hasPatient: true, message: { fromPatient: true, toClinicianId: null, senderSub: null, ccGroups: [] } };
  it('only users who may open the message, inside their licence scope', () => {
    const jane = { ...user(['clinicians'], ['NV']), messages: viewer('jane', { sharedMailbox: true, groups: ['clinicians'] }) };
    expect(mayReceive(jane, message, shared)).toBe(true);
    expect(mayReceive(jane, message, { ...shared, patientState: 'TX' })).toBe(false);
    expect(mayReceive(jane, message, { ...shared, message: { ...shared.message, toClinicianId: 'mark' } })).toBe(false);
    expect(mayReceive(jane, message, { ...shared, message: { ...shared.message, toClinicianId: 'mark', ccGroups: ['clinicians'] } })).toBe(true);
    expect(mayReceive(jane, message, { ...shared, message: { fromPatient: false, toClinicianId: null, senderSub: 'jane', ccGroups: [] } })).toBe(
      true,
    );
    expect(mayReceive(jane, message, { ...shared, message: { fromPatient: false, toClinicianId: null, senderSub: 'mark', ccGroups: [] } })).toBe(
      false,
    );
    expect(mayReceive({ ...user(['staff']), messages: viewer('sarah', { groups: ['staff'] }) }, message, shared)).toBe(false);
    expect(mayReceive({ ...user(['auditor_read_only']), messages: viewer('owen', { seesAll: true }) }, message, shared)).toBe(true);
    expect(mayReceive(user(['super_admin']), message, shared)).toBe(false); // no message reader given: nothing
    expect(mayReceive({ ...jane }, message, { patientState: 'NV', hasPatient: true })).toBe(false); // no addressees known
  });
});
