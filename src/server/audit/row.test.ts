import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildAuditRow, type AuditFact } from './row';

const req = {
  actor: { sub: 'a1b2', breakGlass: [] },
  routeOptions: { url: '/secure/x', config: {} },
  method: 'GET',
  id: 'req-1',
  ip: '127.0.0.1',
  headers: {},
} as unknown as FastifyRequest;
const fact = (entityIds: string[], patientIds: string[]): AuditFact => ({
  action: 'READ',
  entityType: 'booking',
  entityIds,
  patientIds,
  outcome: 'SUCCESS',
});

describe('buildAuditRow ids', () => {
  it('keeps a list of printable ids as it is, each once, and patient ids in lower case', () => {
    const row = buildAuditRow(req, [fact(['bk-1', 'bk-2', 'bk-1'], ['AB-1', 'ab-1', 'cd-2'])], 200);
    expect(row.entityIds).toEqual(['bk-1', 'bk-2']);
    expect(row.patientIds).toEqual(['ab-1', 'cd-2']);
  });

  it('cleans every id of a list that holds one id not short printable ASCII (NUL removed, cut to 200)', () => {
    const long = 'x'.repeat(250);
    const row = buildAuditRow(req, [fact(['bk-1', 'bk\u00002', long, 'bk-é'], [])], 200);
    expect(row.entityIds).toEqual(['bk-1', 'bk2', 'x'.repeat(200), 'bk-é']);
  });

  it('lower-cases each patient id as it would alone', () => {
    const row = buildAuditRow(req, [fact([], ['ΟΔΟΣ', 'Σ', 'ab'])], 200);
    expect(row.patientIds).toEqual(['ΟΔΟΣ'.toLowerCase(), 'Σ'.toLowerCase(), 'ab']);
  });
});
