import { describe, expect, it } from 'vitest';
import { requestResultContradiction, statusLabel } from './statuses';

describe('lab request and test result statuses', () => {
  it('a released result on a request that is only registered or approved contradicts it', () => {
    for (const req of ['REGISTERED', 'APPROVED']) {
      expect(requestResultContradiction(req, 'COMPLETE')).toBe(true);
      expect(requestResultContradiction(req, 'RESULTS_RELEASED')).toBe(true);
      expect(requestResultContradiction(req, 'NEEDS_CLINICIAN_REVIEW')).toBe(false);
      expect(requestResultContradiction(req, null)).toBe(false);
    }
  });
  it('a COMPLETE request needs a released result; a rejected request has no result', () => {
    expect(requestResultContradiction('COMPLETE', 'RESULTS_RELEASED')).toBe(false);
    expect(requestResultContradiction('COMPLETE', 'PENDING_REVIEW')).toBe(true);
    expect(requestResultContradiction('COMPLETE', null)).toBe(true);
    expect(requestResultContradiction('REJECTED_BY_CLINICIAN', null)).toBe(false);
    expect(requestResultContradiction('REJECTED_BY_CLINICIAN', 'IN_PROGRESS')).toBe(true);
    expect(requestResultContradiction('REPORT_READY', 'RESULTS_RELEASED')).toBe(false);
    expect(requestResultContradiction('REPORT_READY', 'NEEDS_CONSULT')).toBe(false);
  });
});

describe('statusLabel (spec 3 §4: statuses read title-cased)', () => {
  it('turns a status code into words: PT_RESCHEDULED_CONFIRMED, REPORT_READY, PENDING_RESULTS, KIT_REGISTERED', () => {
    expect(['PT_RESCHEDULED_CONFIRMED', 'REPORT_READY', 'PENDING_RESULTS', 'KIT_REGISTERED'].map(statusLabel)).toEqual([
      'Pt Rescheduled Confirmed',
      'Report Ready',
      'Pending Results',
      'Kit Registered',
    ]);
  });

  it('a missing status reads Unknown', () => {
    expect([statusLabel(null), statusLabel(undefined), statusLabel('')]).toEqual(['Unknown', 'Unknown', 'Unknown']);
  });
});
