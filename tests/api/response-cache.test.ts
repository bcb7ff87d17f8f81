import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, DEMO, tokenFor } from './helpers';
import { startTwoInstances, stopTwoInstances, type Instance, type TwoInstances } from './instances';
import { JANE_STATES, type Row } from './scope-helpers';

/**
 * The per-instance response cache of list routes (src/server/http/response-cache.ts): a repeated read is answered
 * again, audited like the first, never to another user, and never older than the database at the request's arrival,
 * whichever instance or writer changed it.
 */
const LIST = '/secure/testResult?queryType=ALL&page=1&perPage=50';

let two: TwoInstances;
let jane: string;
beforeAll(async () => {
  two = await startTwoInstances();
  jane = await tokenFor(DEMO.clinician);
});
afterAll(async () => {
  await stopTwoInstances(two);
});

/** A GET over node:http (fetch would decode the body itself), decoded here by its Content-Encoding. */
async function get(on: Instance, url: string, token: string, headers: Record<string, string> = {}) {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(`${on.url}${url}`, { headers: { ...apiHeaders(url, undefined, token), 'accept-encoding': 'identity', ...headers } }, resolve)
      .on('error', reject);
  });
  const parts: Buffer[] = [];
  for await (const part of res) parts.push(part as Buffer);
  const wire = Buffer.concat(parts);
  const encoding = res.headers['content-encoding'] ?? null;
  const text = (encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire).toString('utf8');
  expect(res.statusCode, text).toBe(200);
  return { text, body: JSON.parse(text) as { items: Row[] }, encoding, vary: String(res.headers.vary ?? '') };
}

/** A row of Jane's first page in her valid states (its fields are in clear). */
async function clearRow(on: Instance) {
  const row = (await get(on, LIST, jane)).body.items.find((r) => JANE_STATES.includes(r.patientState));
  if (!row) throw new Error("no row in Jane's states on the first page");
  return row;
}

const setNote = (kitId: string, note: string) => two.owner.query('UPDATE test_results SET internal_notes = $2 WHERE kit_id = $1', [kitId, note]);

describe('response cache of list routes', () => {
  it('answers a repeated list again, and writes an audit row with the patient ids for every request', async () => {
    const since = (await two.owner.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM audit_log')).rows[0].id;
    const first = await get(two.a, LIST, jane);
    const second = await get(two.a, LIST, jane);
    const third = await get(two.a, LIST, jane);
    expect(second.text).toBe(first.text);
    expect(third.text).toBe(first.text);
    const { rows } = await two.owner.query<{ patient_ids: string[]; entity_ids: string[]; outcome: string }>(
      `SELECT patient_ids, entity_ids, outcome FROM audit_rows WHERE id > $1 AND route = '/secure/testResult' ORDER BY id`,
      [since],
    );
    // The computed answer's row and the two reused answers' rows name the same records and patients.
    const visible = first.body.items.map((r) => r.user?.userId).filter((id) => /^[0-9a-f-]{36}$/.test(id ?? ''));
    expect(rows).toHaveLength(3);
    expect(visible.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.patient_ids).toEqual(rows[0].patient_ids);
      expect(row.patient_ids).toEqual(expect.arrayContaining(visible));
      expect(row.entity_ids).toHaveLength(first.body.items.length);
      expect(row.outcome).toBe('SUCCESS');
    }
  });

  it("reuses answers: a change made with the table's triggers off (no notification) stays unseen until the request says no-cache", async () => {
    const row = await clearRow(two.a);
    await two.owner.query('ALTER TABLE test_results DISABLE TRIGGER USER');
    try {
      await setNote(row.kitId, 'unannounced change');
      const cached = (await get(two.a, LIST, jane)).body.items.find((r) => r.kitId === row.kitId);
      expect(cached?.internalNotes).toBe(row.internalNotes);
      const fresh = (await get(two.a, LIST, jane, { 'cache-control': 'no-cache' })).body.items.find((r) => r.kitId === row.kitId);
      expect(fresh?.internalNotes).toBe('unannounced change');
    } finally {
      await two.owner.query('ALTER TABLE test_results ENABLE TRIGGER USER');
    }
  });

  it('a change committed by any writer is in the very next answer on every instance, with no wait for the notification', async () => {
    const row = await clearRow(two.a);
    await clearRow(two.b); // both instances hold the page now
    for (const [i, note] of ['changed in SQL 1', 'changed in SQL 2', 'changed in SQL 3'].entries()) {
      await setNote(row.kitId, note);
      const on = i % 2 === 0 ? two.a : two.b;
      expect((await get(on, LIST, jane)).body.items.find((r) => r.kitId === row.kitId)?.internalNotes).toBe(note);
    }
  });

  it('keeps an answer while only tables it did not read change, and ends it at the first change to a table it read', async () => {
    const row = await clearRow(two.a);
    await two.owner.query('ALTER TABLE test_results DISABLE TRIGGER USER');
    try {
      await setNote(row.kitId, 'unannounced, seen once a table the list reads changes');
    } finally {
      await two.owner.query('ALTER TABLE test_results ENABLE TRIGGER USER');
    }
    // Statement triggers fire with no row changed: each of these announces a change to its table (a message would
    // also change the dashboard's counters, which the list's total reads).
    const announce = (table: string) => two.owner.query(`UPDATE ${table} SET id = id WHERE false`);
    const noteNow = async () => (await get(two.a, LIST, jane)).body.items.find((r) => r.kitId === row.kitId)?.internalNotes;
    for (const unread of ['chart_notes', 'booking_log', 'bookings', 'record_history']) {
      await announce(unread);
      expect(await noteNow(), `after a change to ${unread}`).toBe(row.internalNotes);
    }
    await announce('patients');
    expect(await noteNow()).toBe('unannounced, seen once a table the list reads changes');
  });

  it('the same list asked ten times at once (nothing cached) is answered to each, each request with its own audit row', async () => {
    const row = await clearRow(two.b);
    await setNote(row.kitId, 'burst'); // what b holds is stale now: one request computes, the others wait for it
    const since = (await two.owner.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM audit_log')).rows[0].id;
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(two.b, LIST, jane)));
    for (const a of answers) expect(a.text).toBe(answers[0].text);
    expect(answers[0].body.items.find((r) => r.kitId === row.kitId)?.internalNotes).toBe('burst');
    const { rows } = await two.owner.query<{ patient_ids: string[] }>(
      `SELECT patient_ids FROM audit_rows WHERE id > $1 AND route = '/secure/testResult' ORDER BY id`,
      [since],
    );
    expect(rows).toHaveLength(10);
    for (const r of rows) expect(r.patient_ids).toEqual(rows[0].patient_ids);
  });

  it("never gives one user's answer to another: the clinician without a licence gets every row masked", async () => {
    const janes = await get(two.a, LIST, jane);
    expect(janes.body.items.some((r) => JANE_STATES.includes(r.patientState) && r.user?.email)).toBe(true);
    const other = await get(two.a, LIST, await tokenFor(DEMO.noLicence));
    expect(other.body.items.map((r) => r.kitId)).toEqual(janes.body.items.map((r) => r.kitId));
    for (const r of other.body.items) expect(r.user?.email ?? null).not.toMatch(/@/);
    expect((await get(two.a, LIST, jane)).text).toBe(janes.text);
  });

  it('sends a reused answer compressed as the client asks (br, gzip), decoding to the same JSON', async () => {
    const plain = await get(two.a, LIST, jane);
    expect(plain.encoding).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      for (let i = 0; i < 2; i++) {
        // made once, then reused
        const packed = await get(two.a, LIST, jane, { 'accept-encoding': encoding });
        expect(packed.encoding).toBe(encoding);
        expect(packed.vary).toMatch(/accept-encoding/i);
        expect(packed.text).toBe(plain.text);
      }
    }
  });

  it('keeps an answer computed for a brotli client compressed, and sends it again plain or gzip, decoding to the same JSON', async () => {
    const url = `${LIST}&sort=kitId&order=ASC`;
    const computed = await get(two.a, url, jane, { 'accept-encoding': 'br', 'cache-control': 'no-cache' });
    expect(computed.encoding).toBe('br');
    for (const encoding of ['br', 'identity', 'gzip', 'identity']) {
      const again = await get(two.a, url, jane, { 'accept-encoding': encoding });
      expect(again.encoding).toBe(encoding === 'identity' ? null : encoding);
      expect(again.text).toBe(computed.text);
    }
  });

  it("reuses the dashboard summary the same way (while its reader's date is the same): an unannounced change unseen, an announced one at once", async () => {
    const DASH = '/secure/dashboard/summary?stateMode=MY&careLocation=ALL';
    const key = (
      await two.owner.query(`SELECT source, status, care_location, patient_state, clinician_key FROM dashboard_counts
      WHERE patient_state = 'NV' AND n > 0 ORDER BY n DESC LIMIT 1`)
    ).rows[0];
    const bump = (by: number) =>
      two.owner.query(
        `UPDATE dashboard_counts SET n = n + $6 WHERE source = $1 AND status = $2
      AND care_location = $3 AND patient_state = $4 AND clinician_key = $5`,
        [key.source, key.status, key.care_location, key.patient_state, key.clinician_key, by],
      );
    const since = (await two.owner.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM audit_log')).rows[0].id;
    await two.owner.query('ALTER TABLE dashboard_counts DISABLE TRIGGER USER');
    try {
      const before = await get(two.a, DASH, jane);
      await bump(1000);
      expect((await get(two.a, DASH, jane)).text).toBe(before.text);
      expect((await get(two.a, DASH, jane, { 'cache-control': 'no-cache' })).text).not.toBe(before.text);
      await bump(-1000);
    } finally {
      await two.owner.query('ALTER TABLE dashboard_counts ENABLE TRIGGER USER');
    }
    const held = await get(two.b, DASH, jane);
    await bump(1000);
    try {
      for (const on of [two.a, two.b]) expect((await get(on, DASH, jane)).text).not.toBe(held.text);
    } finally {
      await bump(-1000);
    }
    // Every request its own audit row, the reused ones naming what the computed one named.
    const { rows } = await two.owner.query<{ patient_ids: string[]; entity_ids: string[] }>(
      `SELECT patient_ids, entity_ids FROM audit_rows WHERE id > $1 AND route = '/secure/dashboard/summary' ORDER BY id`,
      [since],
    );
    expect(rows).toHaveLength(6);
    expect(rows[1]).toEqual(rows[0]);
    expect(rows[0].patient_ids.length).toBeGreaterThan(0);
  });

  it("a booking note, which moves only the booking's updated_at, leaves a cached booking search standing; a change the search shows ends it", async () => {
    const { rows } = await two.owner.query<{ id: string; day: string }>(
      `SELECT b.id, to_char(b.start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM bookings b JOIN patients p ON p.id = b.patient_id
        WHERE p.state = ANY($1) AND b.status NOT IN ('CANCELLED_NO_SHOW', 'CANCELLED', 'COMPLETED') ORDER BY b.start_at DESC LIMIT 1`,
      [JANE_STATES],
    );
    const [{ id, day }] = rows;
    const body = JSON.stringify({ searchType: 'BOOKING_ID', bookingId: id, perPage: 10 });
    const call = async (method: 'POST' | 'PATCH', url: string, payload: string) => {
      const res = await fetch(`${two.a.url}${url}`, { method, headers: apiHeaders(url, payload, jane), body: payload });
      const text = await res.text();
      expect(res.status, text).toBe(200);
      return text;
    };
    const find = () => call('POST', '/secure/booking/v1/findBookings', body);
    const first = await find();
    expect(JSON.parse(first).items.map((r: { id: string }) => r.id)).toEqual([id]);
    const tag = async (value: string | null) => two.owner.query('UPDATE bookings SET tag = $2 WHERE id = $1', [id, value]);
    const { tag: was } = (await two.owner.query<{ tag: string | null }>('SELECT tag FROM bookings WHERE id = $1', [id])).rows[0];
    await two.owner.query('ALTER TABLE bookings DISABLE TRIGGER bookings_data_changed');
    try {
      await tag('unannounced'); // a change no one announces: seen only once something else ends the cached answer
    } finally {
      await two.owner.query('ALTER TABLE bookings ENABLE TRIGGER bookings_data_changed');
    }
    try {
      const touched = async () => (await two.owner.query<{ t: Date }>('SELECT updated_at AS t FROM bookings WHERE id = $1', [id])).rows[0].t;
      const before = await touched();
      await call('PATCH', `/secure/booking/v1/addNotes/${id}`, JSON.stringify({ notes: `cache check ${day}` }));
      expect((await touched()).getTime()).toBeGreaterThan(before.getTime());
      expect(await find()).toBe(first);
      await tag('announced');
      expect(JSON.parse(await find()).items[0].tagOrLabel).toBe('announced');
    } finally {
      await tag(was);
    }
  });

  it('the bookings table announces a change of every column but updated_at (a column added later belongs in its trigger)', async () => {
    const names = async (sql: string) => (await two.owner.query<{ name: string }>(sql)).rows.map((r) => r.name).sort();
    const watched =
      await names(`SELECT a.attname AS name FROM pg_trigger t JOIN pg_attribute a ON a.attrelid = t.tgrelid AND a.attnum = ANY (t.tgattr::int2[])
      WHERE t.tgname = 'bookings_data_changed'`);
    const columns = await names(`SELECT attname AS name FROM pg_attribute WHERE attrelid = 'bookings'::regclass AND attnum > 0 AND NOT attisdropped`);
    expect(watched).toEqual(columns.filter((c) => c !== 'updated_at'));
  });

  // The audit tables are written by every read (its row, a new long id list), and the rate limit's counts by every
  // request: announcing them would empty every cache. The data generation's own counters are what announcing writes.
  it('every table but audit_log, audit_id_sets, rate_limit_hits and data_generation announces its changes (a table added later needs the same trigger)', async () => {
    const { rows } = await two.owner.query<{ table: string; announces: boolean }>(
      `SELECT c.relname AS table, EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = c.relname || '_data_changed') AS announces
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    expect(rows.length).toBeGreaterThan(30);
    const silent = ['audit_log', 'audit_id_sets', 'rate_limit_hits', 'data_generation'];
    expect(rows.filter((r) => !silent.includes(r.table) && !r.announces).map((r) => r.table)).toEqual([]);
    expect(rows.filter((r) => silent.includes(r.table)).map((r) => r.announces)).toEqual([false, false, false, false]);
  });
});
