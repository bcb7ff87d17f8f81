import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { PoolClient, QueryConfig } from 'pg';
import { buildAuditRow, insertAuditRow, type AuditFact } from './row';
import { recordedStatement } from '../db/recorded-statement';

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

describe('insertAuditRow statements', () => {
  /** A client that records what it was asked (the statement's shape is the subject, not the database). */
  const recordingClient = () => {
    const asked: Array<ReturnType<typeof recordedStatement>> = [];
    const client = {
      query: async (config: QueryConfig | string, values?: unknown[]) => (asked.push(recordedStatement(config, values)), { rows: [] }),
    } as unknown as PoolClient;
    return { asked, client };
  };

  it('names the insert of a row with its lists inline (planned once per connection), the same name for the same shape', async () => {
    const { asked, client } = recordingClient();
    await insertAuditRow(client, buildAuditRow(req, [fact(['bk-1'], ['ab-1'])], 200));
    await insertAuditRow(client, buildAuditRow(req, [fact(['bk-2'], ['cd-2'])], 200));
    expect(asked[0].name).toMatch(/^q_[0-9a-f]{20}$/);
    expect(asked[1].name).toBe(asked[0].name);
    expect(asked[1].values).toContainEqual(['bk-2']);
  });

  it('leaves unnamed an insert that stores a new id list (its text varies with the lists sent)', async () => {
    const { asked, client } = recordingClient();
    const ids = Array.from({ length: 60 }, (_, i) => `bk-${i}`);
    await insertAuditRow(client, buildAuditRow(req, [fact(ids, [])], 200));
    expect(asked).toHaveLength(1);
    expect(asked[0].name).toBeUndefined();
    expect(asked[0].text).toContain('INSERT INTO audit_id_sets');
  });
});
