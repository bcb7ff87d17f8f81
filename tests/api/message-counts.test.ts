import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_SORTS } from '../../src/domain/messages/secure-messages';
import { DEMO, inRolledBackTx, startApi, tokenFor, type TestApi } from './helpers';
import { JANE_STATES, M } from './messages-helpers';

/**
 * The message counters (migration 0032) are kept by triggers: after every kind of write they equal the counts
 * recomputed from messages and message_reads, and the inbox totals and the new-message count answer exactly what the
 * messages themselves say (the queries they replaced), break-glass included. The inbox's pages (ids first, then their
 * columns) are the messages' own order, page after page, for every sort.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];

/** The counters recomputed from the tables, exactly as the migration fills them. */
const INBOX = `SELECT COALESCE(m.to_clinician_id::text, '') AS to_key, m.cc_groups, COALESCE(p.state, '') AS patient_state,
    count(*)::int AS n, (count(*) FILTER (WHERE m.replied_at IS NULL))::int AS unanswered
  FROM messages m JOIN patients p ON p.id = m.patient_id WHERE m.from_actor_type = 'P' GROUP BY 1, 2, 3`;
const READS = `SELECT r.user_sub, COALESCE(m.to_clinician_id::text, '') AS to_key, m.cc_groups, COALESCE(p.state, '') AS patient_state, count(*)::int AS n
  FROM message_reads r JOIN messages m ON m.id = r.message_id JOIN patients p ON p.id = m.patient_id WHERE m.from_actor_type = 'P' GROUP BY 1, 2, 3, 4`;

async function expectCountersRight(db: Pick<PoolClient, 'query'>, what: string) {
  const keptInbox = await db.query(`SELECT to_key, cc_groups, patient_state, n::int AS n, unanswered::int AS unanswered FROM message_inbox_counts
    WHERE n <> 0 OR unanswered <> 0 ORDER BY 1, 2, 3`);
  expect(keptInbox.rows, what).toEqual((await db.query(`SELECT * FROM (${INBOX}) r ORDER BY 1, 2, 3`)).rows);
  const keptReads = await db.query(
    `SELECT user_sub, to_key, cc_groups, patient_state, n::int AS n FROM message_read_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`,
  );
  expect(keptReads.rows, what).toEqual((await db.query(`SELECT * FROM (${READS}) r ORDER BY 1, 2, 3, 4`)).rows);
  expect(keptInbox.rows.length, what).toBeGreaterThan(10);
  expect(keptReads.rows.length, what).toBeGreaterThan(10);
}

/** Writes checked inside a transaction that is rolled back. */
const inTx = (fn: (c: PoolClient) => Promise<void>) => inRolledBackTx(api.pool, fn);

/** The viewer's inbox condition on m, as the list's SQL writes it (shared mailbox for clinicians and super admins). */
const INBOX_OF = `m.from_actor_type = 'P' AND (m.to_clinician_id::text = $1 OR m.to_clinician_id IS NULL OR m.cc_groups && $2::text[])`;
const UNREAD = `NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_sub = $1)`;
const subOf = async (email: string) => (await one(`SELECT id::text FROM clinicians WHERE email = $1`, [email])).id as string;
const total = async (who: string, query: string) => (await api.call('GET', `${M}?perPage=1&${query}`, { as: who })).body.total as number;
const unread = async (who: string) => (await api.call('GET', `${M}/new/count`, { as: who })).body.count as number;

describe('message counters', () => {
  it('start equal to the messages and read marks', async () => {
    await expectCountersRight(api.pool, 'after the seed');
  });

  it("are not written, and announce no change to the response cache, when no count moves (a clinician's message, its sender's read mark)", async () => {
    await inTx(async (c) => {
      const generation = async (table: string) =>
        Number((await c.query(`SELECT COALESCE(sum(n), 0) AS n FROM data_generation WHERE table_name = $1`, [table])).rows[0].n);
      const at = { inbox: await generation('message_inbox_counts'), reads: await generation('message_read_counts') };
      const jane = await subOf(DEMO.clinician);
      const patient = (await c.query(`SELECT id FROM patients WHERE state = 'NV' ORDER BY id LIMIT 1`)).rows[0].id;
      const insert = (from: 'C' | 'P') =>
        c.query(
          `INSERT INTO messages (patient_id, subject, content, message_type, from_actor_type, cc_groups)
           VALUES ($1, 'Uncounted', '<p>x</p>', 'MESSAGE', $2, '{}') RETURNING id`,
          [patient, from],
        );
      const sent = (await insert('C')).rows[0].id;
      await c.query(`INSERT INTO message_reads (message_id, user_sub) VALUES ($1, $2)`, [sent, jane]);
      await c.query(`UPDATE messages SET subject = subject WHERE from_actor_type = 'P'`); // every key kept
      expect(await generation('message_inbox_counts')).toBe(at.inbox);
      expect(await generation('message_read_counts')).toBe(at.reads);
      const received = (await insert('P')).rows[0].id;
      expect(await generation('message_inbox_counts')).toBeGreaterThan(at.inbox);
      await c.query(`INSERT INTO message_reads (message_id, user_sub) VALUES ($1, $2)`, [received, jane]);
      expect(await generation('message_read_counts')).toBeGreaterThan(at.reads);
      await expectCountersRight(c, 'after the moves');
    });
  });

  it('follow new messages, replies, read marks, readdressing, CC groups, a patient moving state and deletes', async () => {
    await inTx(async (c) => {
      const jane = await subOf(DEMO.clinician);
      const patient = (
        await c.query(`SELECT p.id FROM patients p WHERE p.state = 'NV' AND EXISTS (SELECT 1 FROM messages m
        JOIN message_reads r ON r.message_id = m.id WHERE m.patient_id = p.id AND m.from_actor_type = 'P') ORDER BY p.id LIMIT 1`)
      ).rows[0].id;
      const ids = (
        await c.query(
          `INSERT INTO messages (patient_id, to_clinician_id, subject, content, message_type, from_actor_type, cc_groups)
        SELECT $1, CASE WHEN i = 1 THEN $2::uuid END, 'Counted', '<p>x</p>', 'MESSAGE', 'P', CASE WHEN i = 3 THEN ARRAY['clinicians'] ELSE '{}' END
          FROM generate_series(1, 3) i RETURNING id`,
          [patient, jane],
        )
      ).rows.map((r) => r.id);
      await expectCountersRight(c, 'messages inserted');
      await c.query(`INSERT INTO message_reads (message_id, user_sub) SELECT unnest($1::uuid[]), $2`, [ids, jane]);
      await c.query(`INSERT INTO message_reads (message_id, user_sub) VALUES ($1, 'someone-else')`, [ids[2]]);
      await expectCountersRight(c, 'read marks');
      await c.query(`UPDATE messages SET replied_at = now() WHERE id = ANY($1::uuid[])`, [ids.slice(0, 2)]);
      await c.query(`UPDATE messages SET unread = false, read_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
      await expectCountersRight(c, 'replied and read');
      await c.query(`UPDATE messages SET to_clinician_id = NULL, cc_groups = ARRAY['staff'] WHERE id = $1`, [ids[0]]);
      await c.query(`UPDATE messages SET cc_groups = ARRAY['clinicians'] WHERE from_actor_type = 'P' AND cc_groups = '{}'
        AND id IN (SELECT message_id FROM message_reads ORDER BY message_id LIMIT 50)`);
      await expectCountersRight(c, 'readdressed');
      await c.query(`UPDATE patients SET state = 'TX' WHERE id = $1`, [patient]);
      await c.query(`UPDATE patients SET state = NULL WHERE id IN (SELECT patient_id FROM messages ORDER BY id LIMIT 5)`);
      await expectCountersRight(c, 'patients moved');
      await c.query(`DELETE FROM message_reads WHERE message_id = ANY($1::uuid[])`, [ids.slice(1)]);
      await expectCountersRight(c, 'read marks deleted');
      await c.query(`DELETE FROM message_reads WHERE message_id = $1`, [ids[0]]);
      await c.query(`DELETE FROM messages WHERE id = ANY($1::uuid[])`, [ids]);
      await expectCountersRight(c, 'messages deleted');
    });
  });

  it('the inbox totals (every toggle) answer what the messages say', async () => {
    for (const [who, groups] of [
      [DEMO.clinician, ['clinicians']],
      [DEMO.superAdmin, ['super_admin']],
    ] as const) {
      const me = await subOf(who);
      const count = async (extra: string) =>
        (
          await one(
            `SELECT count(*)::int AS n FROM messages m JOIN patients p ON p.id = m.patient_id
        WHERE ${INBOX_OF} ${extra}`,
            [me, groups, JANE_STATES],
          )
        ).n;
      const myStates = 'AND p.state = ANY($3::text[])';
      expect(await total(who, ''), who).toBe(await count('AND $3::text[] IS NOT NULL'));
      expect(await total(who, 'unanswered=true'), who).toBe(await count('AND m.replied_at IS NULL AND $3::text[] IS NOT NULL'));
      expect(await total(who, 'sentToMe=true'), who).toBe(await count('AND m.to_clinician_id::text = $1 AND $3::text[] IS NOT NULL'));
      if (who === DEMO.clinician) {
        expect(await total(who, 'myStates=true&unanswered=true&sentToMe=true')).toBe(
          await count(`${myStates} AND m.replied_at IS NULL AND m.to_clinician_id::text = $1`),
        );
        expect(await total(who, 'myStates=true')).toBe(await count(myStates));
      }
    }
  });

  it('a viewer without the shared mailbox (staff: CC to its group only) gets its total and unread count the same way', async () => {
    const token = await tokenFor(DEMO.staff);
    const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
    const where = `m.from_actor_type = 'P' AND (m.to_clinician_id::text = $1 OR m.cc_groups && $2::text[])`;
    const n = async (extra: string) => (await one(`SELECT count(*)::int AS n FROM messages m WHERE ${where} ${extra}`, [sub, ['staff']])).n;
    expect(await n('')).toBeGreaterThan(0);
    expect(await total(DEMO.staff, '')).toBe(await n(''));
    expect(await total(DEMO.staff, 'unanswered=true')).toBe(await n('AND m.replied_at IS NULL'));
    expect(await unread(DEMO.staff)).toBe(await n(`AND ${UNREAD}`));
  });

  it("an inbox no message reaches (the auditor's) and a page past the end answer no rows with the true total", async () => {
    const page = async (who: string, query: string) =>
      (await api.call('GET', `${M}?${query}`, { as: who })).body as { items: unknown[]; total: number };
    const auditor = await page(DEMO.auditor, 'page=1&perPage=100');
    expect(auditor).toMatchObject({ items: [], total: 0 });
    const staffTotal = await total(DEMO.staff, '');
    expect(staffTotal).toBeGreaterThan(0);
    const last = Math.ceil(staffTotal / 100);
    expect((await page(DEMO.staff, `page=${last}&perPage=100`)).items).toHaveLength(staffTotal - (last - 1) * 100);
    expect(await page(DEMO.staff, `page=${last + 1}&perPage=100`)).toEqual({ items: [], total: staffTotal });
  });

  it('the new-message count is the unread inbox in scope, a break-glass patient outside the states included', async () => {
    const jane = await subOf(DEMO.clinician);
    const expected = async () =>
      (
        await one(
          `SELECT count(*)::int AS n FROM messages m JOIN patients p ON p.id = m.patient_id
      WHERE ${INBOX_OF} AND ${UNREAD} AND (p.state = ANY($3::text[]) OR p.id IN (SELECT patient_id FROM break_glass_sessions
        WHERE clinician_id::text = $1 AND expires_at > now()))`,
          [jane, ['clinicians'], JANE_STATES],
        )
      ).n;
    const before = await unread(DEMO.clinician);
    expect(before).toBe(await expected());
    const admin = await subOf(DEMO.superAdmin);
    expect(await unread(DEMO.superAdmin)).toBe(
      (await one(`SELECT count(*)::int AS n FROM messages m WHERE ${INBOX_OF} AND ${UNREAD}`, [admin, ['super_admin']])).n,
    );
    const outside = await one(
      `SELECT m.patient_id::text AS id, count(*)::int AS n FROM messages m JOIN patients p ON p.id = m.patient_id
      WHERE ${INBOX_OF} AND ${UNREAD} AND NOT (p.state = ANY($3::text[])) GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      [jane, ['clinicians'], JANE_STATES],
    );
    const glass = await api.call('POST', '/secure/breakGlass', {
      as: DEMO.clinician,
      body: { reason: 'Patient collapsed in clinic', patientId: outside.id },
    });
    expect(glass.status).toBeLessThan(300);
    expect(await unread(DEMO.clinician)).toBe(before + outside.n);
    expect(await unread(DEMO.clinician)).toBe(await expected());
  });

  it('inbox pages are the messages in their order, by time as the messages say, page after page for every sort', async () => {
    const jane = await subOf(DEMO.clinician);
    const ids = async (query: string) => (await api.call('GET', `${M}?${query}`, { as: DEMO.clinician })).body.items.map((r: { id: string }) => r.id);
    for (const [order, sql] of [
      ['DESC', 'm.created_at DESC, m.id ASC'],
      ['ASC', 'm.created_at ASC, m.id DESC'],
    ]) {
      for (const [toggles, extra] of [
        ['', ''],
        ['myStates=true&unanswered=true', 'AND p.state = ANY($3::text[]) AND m.replied_at IS NULL'],
      ]) {
        const expected = (
          await api.pool.query(
            `SELECT m.id::text FROM messages m JOIN patients p ON p.id = m.patient_id
          WHERE ${INBOX_OF} ${extra} AND $3::text[] IS NOT NULL ORDER BY ${sql} LIMIT 30 OFFSET 30`,
            [jane, ['clinicians'], JANE_STATES],
          )
        ).rows.map((r) => r.id);
        expect(await ids(`page=2&perPage=30&order=${order}&${toggles}`), `${order} ${toggles}`).toEqual(expected);
      }
    }
    for (const sort of MESSAGE_SORTS) {
      for (const order of ['ASC', 'DESC']) {
        const whole = await ids(`perPage=60&sort=${sort}&order=${order}`);
        const pages = [
          ...(await ids(`page=1&perPage=30&sort=${sort}&order=${order}`)),
          ...(await ids(`page=2&perPage=30&sort=${sort}&order=${order}`)),
        ];
        expect(pages, `${sort} ${order}`).toEqual(whole);
        expect(new Set(whole).size).toBe(60);
      }
    }
  });
});
