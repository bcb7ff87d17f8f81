import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CARDS } from '../../src/domain/dashboard/dashboard';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const n = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0].n as number;
const JANE_VALID = ['CA', 'CO', 'NV', 'NY'];

/** The expected count of a card, computed independently with plain SQL. */
async function expected(key: string, o: { states: string[] | null; loc: string | null; me: string; tz: string }) {
  const st = (col: string) => (o.states ? ` AND ${col} = ANY($1::text[])` : ' AND $1::text[] IS NULL');
  const loc = (col: string) => (o.loc ? ` AND ${col} = $2` : ' AND $2::text IS NULL');
  const card = DASHBOARD_CARDS.find((c) => c.key === key)!;
  const p = [o.states, o.loc];
  if (card.source === 'results')
    return n(
      `SELECT count(*)::int AS n FROM test_results t JOIN kits k ON k.kit_id = t.kit_id LEFT JOIN patients p ON p.id = k.patient_id WHERE t.status = '${(card as { status: string }).status}'${st('p.state')}${loc('k.care_location')}`,
      p,
    );
  if (card.source === 'kits')
    return n(
      `SELECT count(*)::int AS n FROM kits k LEFT JOIN patients p ON p.id = k.patient_id WHERE k.status = '${(card as { status: string }).status}'${st('p.state')}${loc('k.care_location')}`,
      p,
    );
  if (card.source === 'orders')
    return n(
      `SELECT count(*)::int AS n FROM orders o LEFT JOIN patients p ON p.id = o.patient_id WHERE o.status = 'PENDING_SHIPMENT'${st('p.state')}${loc('o.care_location')}`,
      p,
    );
  if (card.source === 'bookings')
    return n(
      `SELECT count(*)::int AS n FROM bookings b JOIN patients p ON p.id = b.patient_id
     WHERE (b.start_at AT TIME ZONE $3)::date = (now() AT TIME ZONE $3)::date${st('p.state')}${loc('b.care_location')}`,
      [...p, o.tz],
    );
  return n(
    `SELECT count(*)::int AS n FROM messages m JOIN patients p ON p.id = m.patient_id WHERE m.unread AND m.from_actor_type = 'P'
     AND (m.to_clinician_id = $3 OR m.to_clinician_id IS NULL)${st('p.state')} AND ($2::text IS NULL OR true)`,
    [...p, o.me],
  );
}

describe('dashboard summary', () => {
  const combos: Array<[string, string, string[] | null, string | null]> = [
    ['stateMode=MY', 'MY', JANE_VALID, null],
    ['stateMode=ALL', 'ALL', null, null],
    // Jane's state filter matches only her valid states (elsewhere the state is masked): TX and FL match nothing.
    ['stateMode=ALL&states=TX,FL', 'ALL', [], null],
    ['stateMode=ALL&states=TX,FL,CO', 'ALL', ['CO'], null],
    ['stateMode=MY&careLocation=DENVER_CAREHUB_01', 'MY', JANE_VALID, 'DENVER_CAREHUB_01'],
    ['stateMode=ALL&careLocation=CHARLESTON_NV_89104', 'ALL', null, 'CHARLESTON_NV_89104'],
    ['stateMode=ALL&careLocation=ONLINE&states=NV', 'ALL', ['NV'], 'ONLINE'],
  ];
  it.each(combos)('counts equal the rows for %s', async (query, _mode, states, loc) => {
    const res = await api.call('GET', `/secure/dashboard/summary?${query}`, { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(res.body.cards.map((c: { title: string }) => c.title)).toEqual(DASHBOARD_CARDS.map((c) => c.title));
    for (const card of res.body.cards) {
      const want = await expected(card.key, { states, loc, me: env().cognito.subs[DEMO.clinician], tz: 'America/Los_Angeles' });
      expect(card.count, `${card.key} ${query}`).toBe(want);
      expect(card.rows.length).toBe(Math.min(5, want));
      expect(card.attention).toBe(
        ['orderPendingShipment', 'noPatientResults', 'pendingConsultation', 'labOrderPendingResults'].includes(card.key) && want > 0,
      );
      const table = await api.call('GET', `/secure/dashboard/card/${card.key}?${query}&perPage=200`, { as: DEMO.clinician });
      expect(table.body.total).toBe(want);
      expect(table.body.items.length).toBe(Math.min(200, want));
    }
  });
  it('rows outside the clinician valid states are masked, the auditor sees them in clear; a masked state is not a filter', async () => {
    const clin = await api.call('GET', '/secure/dashboard/card/needingReview?stateMode=ALL&perPage=200', { as: DEMO.clinician });
    const masked = clin.body.items.filter((r: { masked: boolean }) => r.masked);
    expect(masked.length).toBeGreaterThan(0);
    expect(
      masked.every(
        (r: { name: string; patientState: string; kitId: string }) => r.name === 'XXXXXX' && r.patientState === 'XXXXXX' && /^KT/.test(r.kitId),
      ),
    ).toBe(true);
    const aud = await api.call('GET', '/secure/dashboard/card/needingReview?stateMode=ALL&states=TX&perPage=50', { as: DEMO.auditor });
    expect(aud.body.total).toBeGreaterThan(0);
    expect(aud.body.items.every((r: { masked: boolean; patientState: string }) => !r.masked && r.patientState === 'TX')).toBe(true);
    // Filtering the clinician's card by TX would tell which masked rows are in TX: it matches nothing.
    const tx = await api.call('GET', '/secure/dashboard/card/needingReview?stateMode=ALL&states=TX&perPage=50', { as: DEMO.clinician });
    expect(tx.body).toEqual({ items: [], total: 0 });
    const nvTx = await api.call('GET', '/secure/dashboard/card/needingReview?stateMode=ALL&states=TX,NV&perPage=200', { as: DEMO.clinician });
    expect(nvTx.body.items.every((r: { masked: boolean; patientState: string }) => !r.masked && r.patientState === 'NV')).toBe(true);
  });
  it('cards follow the role: staff see product and order cards only; operation support none', async () => {
    const staff = await api.call('GET', '/secure/dashboard/summary?stateMode=ALL', { as: DEMO.staff });
    expect(staff.body.cards.filter((c: { available: boolean }) => c.available).map((c: { key: string }) => c.key)).toEqual([
      'todaysAppointments',
      'rejectedSamples',
      'orderPendingShipment',
      'labOrderPendingResults',
    ]);
    expect(staff.body.cards.find((c: { key: string }) => c.key === 'needingReview')).toMatchObject({ count: null, rows: [] });
    expect((await api.call('GET', '/secure/dashboard/card/needingReview?stateMode=ALL', { as: DEMO.staff })).status).toBe(403);
    const ops = await api.call('GET', '/secure/dashboard/summary', { as: DEMO.ops });
    expect(ops.body.cards.every((c: { available: boolean }) => !c.available)).toBe(true);
    expect((await api.call('GET', '/secure/dashboard/summary', { as: DEMO.pending })).status).toBe(403);
  });
  it('bad filters are 400', async () => {
    for (const q of ['careLocation=MARS', 'stateMode=SOME', 'states=ZZ', 'perPage=1000']) {
      expect((await api.call('GET', `/secure/dashboard/summary?${q}`, { as: DEMO.clinician })).status, q).toBe(400);
    }
  });
});
