import { describe, expect, it } from 'vitest';
import {
  eligibility,
  isM19Kit,
  labRequestActions,
  labResultActions,
  notesEditable,
  TOOLTIP_ASSIGNED_OR_INELIGIBLE,
  TOOLTIP_INELIGIBLE,
} from './lab-actions';
import { LAB_REQUEST_STATUSES, LAB_RESULT_STATUSES } from '../shared/statuses';

const me = { sub: 'me', validStates: ['NV', 'CO'], clinicalWrite: true, licenceExempt: false };
const row = (over: Partial<{ status: string; clinicianId: string | null; patientState: string | null; masked: boolean }> = {}) => ({
  status: 'REGISTERED',
  clinicianId: null,
  patientState: 'NV',
  masked: false,
  ...over,
});

describe('eligibility (spec 1 §6)', () => {
  it('acts on unassigned or own records in a valid state', () => {
    expect(eligibility(row(), me)).toMatchObject({ canAct: true, disabledReason: null });
    expect(eligibility(row({ clinicianId: 'me' }), me)).toMatchObject({ canAct: true, assignedToMe: true });
  });
  it('greys records of another clinician or an ineligible state', () => {
    expect(eligibility(row({ clinicianId: 'other' }), me)).toMatchObject({
      canAct: false,
      licenceEligible: true,
      disabledReason: TOOLTIP_ASSIGNED_OR_INELIGIBLE,
    });
    expect(eligibility(row({ patientState: 'TX' }), me)).toMatchObject({ canAct: false, disabledReason: TOOLTIP_INELIGIBLE });
    expect(eligibility(row({ patientState: 'TX', clinicianId: 'other' }), me)).toMatchObject({ disabledReason: TOOLTIP_ASSIGNED_OR_INELIGIBLE });
    expect(eligibility(row({ masked: true }), me).canAct).toBe(false);
    expect(eligibility(row({ patientState: null }), me).canAct).toBe(false);
  });
  it('read-only viewers never act; super admins act in every state', () => {
    expect(eligibility(row(), { ...me, clinicalWrite: false }).canAct).toBe(false);
    expect(eligibility(row({ patientState: 'TX' }), { ...me, licenceExempt: true }).canAct).toBe(true);
  });
});

describe('labRequestActions for every status', () => {
  const expected: Record<string, { approve: boolean; noActionNeeded: boolean; viewRejectNotes: boolean; createTestResult: boolean }> = {
    REGISTERED: { approve: true, noActionNeeded: false, viewRejectNotes: false, createTestResult: true },
    APPROVED: { approve: false, noActionNeeded: true, viewRejectNotes: false, createTestResult: true },
    REJECTED_BY_CLINICIAN: { approve: false, noActionNeeded: false, viewRejectNotes: true, createTestResult: false },
    REPORT_READY: { approve: false, noActionNeeded: false, viewRejectNotes: false, createTestResult: false },
    COMPLETE: { approve: false, noActionNeeded: false, viewRejectNotes: false, createTestResult: false },
  };
  it.each(LAB_REQUEST_STATUSES)('%s assigned to me', (status) => {
    const a = labRequestActions(row({ status, clinicianId: 'me' }), me, { m19Kit: true });
    expect(a).toMatchObject({
      ...expected[status],
      reject: expected[status].approve,
      registerTube: expected[status].createTestResult,
      assignToMe: false,
      reassignToMe: false,
    });
  });
  it.each(LAB_REQUEST_STATUSES)('%s unassigned offers Assign To Me only', (status) => {
    const a = labRequestActions(row({ status }), me);
    expect(a.assignToMe).toBe(true);
    expect(a.approve || a.reject || a.createTestResult).toBe(false);
  });
  it('assigned to another eligible: Reassign To Me', () => {
    expect(labRequestActions(row({ clinicianId: 'x' }), me)).toMatchObject({
      reassignToMe: true,
      approve: false,
      disabledReason: TOOLTIP_ASSIGNED_OR_INELIGIBLE,
    });
    expect(labRequestActions(row({ clinicianId: 'x', patientState: 'TX' }), me).reassignToMe).toBe(false);
  });
  it('tube registration only for M19 kits', () => {
    expect(labRequestActions(row({ clinicianId: 'me' }), me, { m19Kit: false }).registerTube).toBe(false);
  });
});

describe('labResultActions for every status', () => {
  const released = ['RESULTS_RELEASED', 'COMPLETE'];
  it.each(LAB_RESULT_STATUSES)('%s assigned to me', (status) => {
    const a = labResultActions(row({ status, clinicianId: 'me' }), me);
    expect(a.notesReadOnly).toBe(released.includes(status));
    expect(a.sendResults).toBe(!released.includes(status) && status !== 'AUTO_RELEASE_SCHEDULED' && status !== 'IN_PROGRESS');
    expect(a.overrideAutoRelease).toBe(status === 'AUTO_RELEASE_SCHEDULED');
    expect(a.appointmentRequest).toBe(!released.includes(status) && status !== 'NEEDS_CONSULT');
  });
  it.each(LAB_RESULT_STATUSES)('%s unassigned: Assign To Me for NEEDS_CLINICIAN_REVIEW, PRE_PROCESS and PENDING_REVIEW', (status) => {
    const a = labResultActions(row({ status }), me);
    expect(a.assignToMe).toBe(['NEEDS_CLINICIAN_REVIEW', 'PRE_PROCESS', 'PENDING_REVIEW'].includes(status));
    expect(a.sendResults).toBe(false);
  });
  it('notes are editable until released, complete or rejected', () => {
    expect(notesEditable('NEEDS_CLINICIAN_REVIEW', 'APPROVED')).toBe(true);
    expect(notesEditable('RESULTS_RELEASED')).toBe(false);
    expect(notesEditable('NEEDS_CLINICIAN_REVIEW', 'REJECTED_BY_CLINICIAN')).toBe(false);
  });
  it('M19 kit family', () => {
    expect(isM19Kit('COVID-19 PCR (M19)')).toBe(true);
    expect(isM19Kit('5-Panel STD Test', 'M19-000123')).toBe(true);
    expect(isM19Kit('5-Panel STD Test', 'KT0000001')).toBe(false);
  });
});
