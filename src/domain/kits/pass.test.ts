import { describe, expect, it } from 'vitest';
import { notesEditable } from '../lab/lab-actions';
import { MASK } from '../shared/masking';
import { consentChangeRefusal, isResultReleased, PASS_SENDABLE_RESULT_STATUSES, passConsentBodySchema, passStatus, sendToPassRefusal } from './pass';
import { LAB_RESULT_STATUSES } from '../shared/statuses';

const member = (shareWIthPass: boolean) => ({ passMember: true, shareWIthPass });

describe('PASS rules', () => {
  it('a result may be sent once released to the patient: RESULTS_RELEASED or COMPLETE, as the lab rules see release', () => {
    expect([...PASS_SENDABLE_RESULT_STATUSES]).toEqual(['RESULTS_RELEASED', 'COMPLETE']);
    for (const s of LAB_RESULT_STATUSES) expect(isResultReleased(s), s).toBe(!notesEditable(s));
    expect(isResultReleased(null)).toBe(false);
    expect(isResultReleased('AUTO_RELEASE_SCHEDULED')).toBe(false);
  });

  it('status: Member — sharing / Member — not sharing / Not a member', () => {
    expect(passStatus(member(true))).toBe('SHARING');
    expect(passStatus(member(false))).toBe('NOT_SHARING');
    expect(passStatus({ passMember: false, shareWIthPass: false })).toBe('NOT_MEMBER');
    expect(passStatus({ passMember: false, shareWIthPass: true })).toBe('NOT_MEMBER');
  });

  it('consent can be changed for members only (not without a patient, nor on a masked row)', () => {
    expect(consentChangeRefusal(member(false))).toBeNull();
    expect(consentChangeRefusal(member(true))).toBeNull();
    expect(consentChangeRefusal({ passMember: false, shareWIthPass: false })).toBe('notMember');
    expect(consentChangeRefusal(null)).toBe('noPatient');
    expect(consentChangeRefusal({ passMember: MASK, shareWIthPass: MASK })).toBe('masked');
  });

  it('send: member, consent, released result, in that order of reasons', () => {
    expect(sendToPassRefusal(member(true), 'RESULTS_RELEASED')).toBeNull();
    expect(sendToPassRefusal(member(true), 'COMPLETE')).toBeNull();
    expect(sendToPassRefusal(member(true), 'NEEDS_CLINICIAN_REVIEW')).toBe('notReleased');
    expect(sendToPassRefusal(member(true), null)).toBe('notReleased');
    expect(sendToPassRefusal(member(false), 'RESULTS_RELEASED')).toBe('noConsent');
    expect(sendToPassRefusal({ passMember: false, shareWIthPass: true }, 'RESULTS_RELEASED')).toBe('notMember');
    expect(sendToPassRefusal(null, 'RESULTS_RELEASED')).toBe('noPatient');
  });

  it('the consent body is exactly { shareWIthPass: boolean }', () => {
    expect(passConsentBodySchema.safeParse({ shareWIthPass: true }).success).toBe(true);
    expect(passConsentBodySchema.safeParse({ shareWIthPass: 'true' }).success).toBe(false);
    expect(passConsentBodySchema.safeParse({ shareWIthPass: true, other: 1 }).success).toBe(false);
    expect(passConsentBodySchema.safeParse({}).success).toBe(false);
  });
});
