import pg, { type QueryConfig } from 'pg';
import { describe, expect, it } from 'vitest';
import { auditContentHash, auditIdSetHash, type AuditRowContent } from './hash';
import { ID_SET_MIN, idSetKey, rowHashes } from './id-sets';
import { insertAuditRow, type AuditRow } from './row';
import { recordedStatement } from '../db/recorded-statement';

/** A statement that inserts a row naming a list only if the database holds the list. */
const LOOKS_UP_LIST = /EXISTS \(SELECT 1 FROM audit_id_sets/;
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

function longRow(entityIds = ids('BK', ID_SET_MIN)): AuditRow {
  const content: AuditRowContent = {
    at: new Date('2026-11-27T10:00:00.000Z'),
    actorSub: 'sub-1',
    action: 'READ',
    route: '/secure/booking/v1/bookings',
    method: 'GET',
    entityType: 'booking',
    entityIds,
    patientIds: [],
    outcome: 'SUCCESS',
    statusCode: 200,
    requestId: 'req-1',
    clientIp: null,
    userAgent: null,
  };
  return { ...content, contentHash: auditContentHash(content) };
}

/** A pg.Pool whose queries are recorded and answered by `answer` (the unit under test only calls query). */
function fakePool(answer: (sql: string, params: unknown[]) => unknown = () => ({ rows: [], rowCount: 1 })) {
  const calls: Array<{ sql: string; params: unknown[] }> = [];
  const pool = Object.create(pg.Pool.prototype) as pg.Pool;
  pool.query = (async (asked: string | QueryConfig, values?: unknown[]) => {
    const { text: sql, values: params } = recordedStatement(asked, values);
    calls.push({ sql, params });
    return answer(sql, params);
  }) as never;
  return { pool, calls };
}

describe('idSetKey', () => {
  it('is the sha256 of the lists, the same for equal lists and different for others', () => {
    const a = ids('BK', 3);
    expect(idSetKey(a, [])).toBe(auditIdSetHash(a, []));
    expect(idSetKey([...a], [])).toBe(idSetKey(a, []));
    expect(idSetKey(a.slice(1), [])).not.toBe(idSetKey(a, []));
    expect(idSetKey(a, ['0b5c3a4e-0000-4000-8000-000000000001'])).not.toBe(idSetKey(a, []));
  });
});

describe('rowHashes', () => {
  it("is the row's content hash, and leaves the key of lists stored apart as idSetKey answers it", () => {
    const { contentHash: _c, ...long } = longRow(ids('KT', 300));
    expect(rowHashes(long)).toBe(auditContentHash(long));
    expect(idSetKey(long.entityIds, long.patientIds)).toBe(auditIdSetHash(long.entityIds, long.patientIds));
    const short = { ...long, entityIds: ['KT1'] };
    expect(rowHashes(short)).toBe(auditContentHash(short));
  });
});

describe('insertAuditRow with a long list', () => {
  it('keeps short lists in the row', async () => {
    const { pool, calls } = fakePool();
    await insertAuditRow(pool, longRow(ids('BK', ID_SET_MIN - 1)));
    expect(calls[0].sql).not.toMatch(/audit_id_sets/);
    expect(calls[0].params).toContainEqual(ids('BK', ID_SET_MIN - 1));
  });

  it('stores the list with its first row, then names it without sending it again', async () => {
    const row = longRow();
    const { pool, calls } = fakePool(() => ({ rows: [{ content_hash: row.contentHash }], rowCount: 1 }));
    await insertAuditRow(pool, row);
    await insertAuditRow(pool, row);
    expect(calls).toHaveLength(2);
    expect(calls[0].sql).toMatch(/INSERT INTO audit_id_sets/);
    expect(calls[0].params).toContainEqual(row.entityIds);
    expect(calls[1].sql).not.toMatch(/INSERT INTO audit_id_sets/);
    expect(calls[1].sql).toMatch(LOOKS_UP_LIST);
    expect(calls[1].params).not.toContainEqual(row.entityIds);
    expect(calls[1].params).toContain(auditIdSetHash(row.entityIds, row.patientIds));
  });

  it('writes the rows of concurrent requests in one statement, whether their lists are inline, known or new', async () => {
    const known = longRow(ids('KN', ID_SET_MIN));
    const fresh = longRow(ids('NW', ID_SET_MIN));
    const short = longRow(ids('SH', 2));
    const { pool, calls } = fakePool((_sql, params) => ({
      rows: [known, fresh, short].filter((r) => params.includes(r.contentHash)).map((r) => ({ content_hash: r.contentHash })),
    }));
    await insertAuditRow(pool, known);
    // The first write goes at once; the three arriving while it is on its way share the next statement.
    await Promise.all([
      insertAuditRow(pool, longRow(ids('XX', 1))),
      insertAuditRow(pool, known),
      insertAuditRow(pool, fresh),
      insertAuditRow(pool, short),
    ]);
    expect(calls).toHaveLength(3);
    const batch = calls[2];
    expect(batch.params).toContain(known.contentHash);
    expect(batch.params).toContain(fresh.contentHash);
    expect(batch.params).toContain(short.contentHash);
    expect(batch.params).toContainEqual(fresh.entityIds); // the new list is sent once, in the same statement
    expect(batch.params).not.toContainEqual(known.entityIds);
    expect(batch.params).toContainEqual(short.entityIds); // inline
    expect(batch.sql.match(/INSERT INTO audit_id_sets/g)).toHaveLength(1);
  });

  it('stores the list again when the database does not have it after all (the row naming it is not inserted)', async () => {
    let missing = false;
    const row = longRow(ids('KT', ID_SET_MIN));
    // The statement answers the rows it wrote: none when the named list is missing from the database.
    const { pool, calls } = fakePool((sql) =>
      missing && LOOKS_UP_LIST.test(sql) ? { rows: [], rowCount: 0 } : { rows: [{ content_hash: row.contentHash }], rowCount: 1 },
    );
    await insertAuditRow(pool, row);
    await insertAuditRow(pool, row); // the list is there: named, not sent again
    missing = true;
    await insertAuditRow(pool, row);
    expect(calls.map((c) => /INSERT INTO audit_id_sets/.test(c.sql))).toEqual([true, false, false, true]);
  });

  it('inside a transaction (a client, not the pool) always sends the list: nothing is committed yet', async () => {
    const calls: string[] = [];
    const client = {
      query: async (asked: string | QueryConfig) => {
        calls.push(recordedStatement(asked).text);
        return { rows: [] };
      },
    } as unknown as pg.PoolClient;
    const row = longRow(ids('OR', ID_SET_MIN));
    await insertAuditRow(client, row);
    await insertAuditRow(client, row);
    expect(calls.every((sql) => /INSERT INTO audit_id_sets/.test(sql))).toBe(true);
  });
});
