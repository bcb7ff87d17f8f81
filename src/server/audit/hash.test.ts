import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditContentHash, auditHashes, auditIdSetHash, chainLinkHash, type AuditRowContent } from './hash';
import { outcomeOf, type AuditFact } from './row';

const row: AuditRowContent = {
  at: new Date('2026-11-23T10:11:12.345Z'),
  actorSub: 'sub-1',
  action: 'READ',
  route: '/secure/kit/:kitId',
  method: 'GET',
  entityType: 'kit',
  entityIds: ['KT1', 'KT2'],
  patientIds: ['0b5c3a4e-0000-4000-8000-000000000001'],
  outcome: 'SUCCESS',
  statusCode: 200,
  requestId: 'req-1',
  clientIp: '10.0.0.1',
  userAgent: 'test',
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('auditContentHash', () => {
  it('hashes the canonical JSON text, also for a calendar week of ids (hashed piece by piece)', () => {
    const ids = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}-${i}-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const [entityIds, patientIds] of [
      [row.entityIds, row.patientIds],
      [ids(2000, 'b'), ids(1990, 'p')],
      [ids(40, 'b'), []],
    ]) {
      const r = { ...row, entityIds, patientIds };
      const canonical = [
        1,
        r.at.toISOString(),
        r.actorSub,
        r.action,
        r.route,
        r.method,
        r.entityType,
        entityIds,
        patientIds,
        r.outcome,
        r.statusCode,
        r.requestId,
        r.clientIp,
        r.userAgent,
      ];
      expect(auditContentHash(r)).toBe(sha256(JSON.stringify(canonical)));
      expect(auditContentHash({ ...r, breakGlass: true })).toBe(sha256(JSON.stringify([2, ...canonical.slice(1), true])));
      expect(auditIdSetHash(entityIds, patientIds)).toBe(sha256(JSON.stringify([entityIds, patientIds])));
      // Both hashes from one writing of the lists: the same texts.
      expect(auditHashes(r)).toEqual({ contentHash: sha256(JSON.stringify(canonical)), idSetHash: sha256(JSON.stringify([entityIds, patientIds])) });
      expect(auditHashes({ ...r, breakGlass: true }).contentHash).toBe(sha256(JSON.stringify([2, ...canonical.slice(1), true])));
    }
  });
  it('is a stable sha256 hex of the content', () => {
    expect(auditContentHash(row)).toMatch(/^[0-9a-f]{64}$/);
    expect(auditContentHash({ ...row, entityIds: [...row.entityIds] })).toBe(auditContentHash(row));
  });
  it('changes when any single column changes', () => {
    const changed: AuditRowContent[] = [
      { ...row, at: new Date(row.at.getTime() + 1) },
      { ...row, actorSub: 'sub-2' },
      { ...row, action: 'EXPORT' },
      { ...row, route: null },
      { ...row, method: 'POST' },
      { ...row, entityType: null },
      { ...row, entityIds: ['KT1'] },
      { ...row, patientIds: [] },
      { ...row, outcome: 'DENIED' },
      { ...row, statusCode: null },
      { ...row, requestId: 'req-2' },
      { ...row, clientIp: null },
      { ...row, userAgent: 'other' },
      { ...row, breakGlass: true },
    ];
    const hashes = new Set([row, ...changed].map(auditContentHash));
    expect(hashes.size).toBe(changed.length + 1);
  });
  it('a row without the break-glass flag hashes as before the flag existed (version 1)', () => {
    expect(auditContentHash({ ...row, breakGlass: false })).toBe(auditContentHash(row));
  });
  it('keeps field boundaries: moving text between columns changes the hash', () => {
    expect(auditContentHash({ ...row, entityIds: ['KT1,KT2'] })).not.toBe(auditContentHash(row));
  });
});

describe('chainLinkHash', () => {
  it('depends on the previous hash, the position, the id and the content hash', () => {
    const base = chainLinkHash('0'.repeat(64), 1, 10, 'c'.repeat(64));
    expect(
      new Set([
        base,
        chainLinkHash('1'.repeat(64), 1, 10, 'c'.repeat(64)),
        chainLinkHash('0'.repeat(64), 2, 10, 'c'.repeat(64)),
        chainLinkHash('0'.repeat(64), 1, 11, 'c'.repeat(64)),
        chainLinkHash('0'.repeat(64), 1, 10, 'd'.repeat(64)),
      ]).size,
    ).toBe(5);
  });
});

describe('outcomeOf', () => {
  const fact = (outcome: AuditFact['outcome']): AuditFact => ({ action: 'READ', entityType: 'kit', entityIds: [], patientIds: [], outcome });
  it('refusals are DENIED, other errors FAILED, whatever the handler recorded', () => {
    for (const status of [401, 403, 404, 429]) expect(outcomeOf(status, [fact('SUCCESS')])).toBe('DENIED');
    for (const status of [400, 409, 413, 500, 503]) expect(outcomeOf(status, [fact('SUCCESS')])).toBe('FAILED');
  });
  it('a successful response carries the worst outcome the handler recorded', () => {
    expect(outcomeOf(200, [fact('SUCCESS')])).toBe('SUCCESS');
    expect(outcomeOf(null, [])).toBe('SUCCESS');
    expect(outcomeOf(200, [fact('SUCCESS'), fact('FAILED')])).toBe('FAILED');
    expect(outcomeOf(200, [fact('FAILED'), fact('DENIED')])).toBe('DENIED');
  });
});
