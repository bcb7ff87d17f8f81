import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forge } from './forge';
import { DEMO, env, NOTIFIED } from './helpers';
import { call, startTwoInstances, stopTwoInstances, type Instance, type TwoInstances } from './instances';

/**
 * Two API instances (separate processes' worth: each its own Fastify app, pool, identity cache and listener) on one
 * database, over real HTTP: what one writes the other reads, and a revocation or licence change made through one
 * (or in the database) is applied by the other as soon as the database's notification reaches it (milliseconds),
 * although it had the user cached. The instance that made the write applies it before it answers (settle()).
 */
let a: Instance;
let b: Instance;
let owner: pg.Pool;

let two: TwoInstances;
beforeAll(async () => {
  two = await startTwoInstances();
  ({ a, b, owner } = two);
});
afterAll(async () => {
  await stopTwoInstances(two);
});

const secondsAgo = (s: number) => Math.floor(Date.now() / 1000) - s;

describe('two instances on one database', () => {
  it('a write through one instance is read through the other', async () => {
    const token = await forge({ sub: env().cognito.subs[DEMO.superAdmin], groups: ['super_admin'] });
    const { rows } = await owner.query(`SELECT id FROM bookings WHERE status = 'BOOKED_CONFIRMED' ORDER BY id LIMIT 1`);
    const id = rows[0].id as string;
    const find = async (on: Instance) =>
      (await call(on, 'POST', '/secure/booking/v1/findBookings', token, { searchType: 'BOOKING_ID', bookingId: id })).body.items[0];
    expect((await find(b)).tagOrLabel).not.toBe('Running_Late');
    expect((await call(a, 'PATCH', `/secure/booking/v1/addTagOrLabel/${id}`, token, { label: 'Running_Late' })).status).toBe(200);
    expect((await find(b)).tagOrLabel).toBe('Running_Late');
  });

  it('a sign-out on one instance ends the session on the other within the notification delay, though it had the user cached', async () => {
    const sub = env().cognito.subs[DEMO.staff];
    const token = await forge({ sub, groups: ['staff'], iat: secondsAgo(30) });
    // Both instances have served (and cached) the user.
    for (const on of [a, b, b]) expect((await call(on, 'GET', '/secure/license/validStates', token)).status).toBe(200);
    expect((await call(a, 'POST', '/secure/account/signOut', token)).status).toBe(200);
    expect((await call(a, 'GET', '/secure/license/validStates', token)).status).toBe(401);
    await expect
      .poll(async () => (await call(b, 'GET', '/secure/license/validStates', token)).body.reason, NOTIFIED)
      .toBe('session ended, sign in again');
  });

  it('a clinician set INACTIVE in the database is refused by both instances once notified', async () => {
    const sub = env().cognito.subs[DEMO.noCalendar];
    const token = await forge({ sub, groups: ['clinicians'], iat: secondsAgo(30) });
    for (const on of [a, b]) expect((await call(on, 'GET', '/secure/calendar/link', token)).status).toBe(200);
    await owner.query(`UPDATE clinicians SET status = 'INACTIVE' WHERE id = $1`, [sub]);
    for (const on of [b, a]) await expect.poll(async () => (await call(on, 'GET', '/secure/calendar/link', token)).status, NOTIFIED).toBe(401);
  });

  it("a licence that lapses is out of the clinician's valid states on both instances once notified", async () => {
    const sub = env().cognito.subs[DEMO.clinician];
    const token = await forge({ sub, groups: ['clinicians'], iat: secondsAgo(30) });
    const states = async (on: Instance) => (await call(on, 'GET', '/secure/license/validStates', token)).body;
    const before = await states(b);
    expect(JSON.stringify(before)).toContain('NV');
    await owner.query(`UPDATE licences SET expiration_date = '2020-01-01' WHERE clinician_id = $1 AND state = 'NV'`, [sub]);
    for (const on of [b, a]) await expect.poll(async () => JSON.stringify(await states(on)), NOTIFIED).not.toContain('NV');
  });

  it('an instance that lost its notification connection stops using its cache (a revocation still applies at once)', async () => {
    const sub = env().cognito.subs[DEMO.superAdmin];
    const token = await forge({ sub, groups: ['super_admin'], iat: secondsAgo(30) });
    expect((await call(b, 'GET', '/secure/license/validStates', token)).status).toBe(200);
    // Cut every LISTEN connection of this database (both instances' listeners).
    await owner.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`);
    await new Promise((r) => setTimeout(r, 200));
    // While the listeners are down nothing notifies the instances: only reading the database refuses the token.
    await owner.query(`INSERT INTO session_revocations (sub, valid_after) VALUES ($1, now()) ON CONFLICT (sub) DO UPDATE SET valid_after = now()`, [
      sub,
    ]);
    expect((await call(b, 'GET', '/secure/license/validStates', token)).status).toBe(401);
    expect((await call(a, 'GET', '/secure/license/validStates', token)).status).toBe(401);
  });
});
