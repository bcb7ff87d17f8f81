import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool } from '../../src/server/db/client';
import { createPgListener } from '../../src/server/db/listener';
import { cloneTemplateDatabase } from './helpers';

/**
 * The notification connection behind the response and identity caches, reached through a TCP relay that can go
 * silent: a connection that hangs without an error (a dead route, a stalled server) must not hold every cached read.
 */
let relay: net.Server;
let silent = false;
let databaseUrl: string;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  ({ databaseUrl } = await cloneTemplateDatabase());
  const target = new URL(databaseUrl);
  relay = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port), target.hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    // While silent, bytes are swallowed in both directions: no answer and no error, as on a dead route.
    inbound.on('data', (b) => silent || outbound.write(b));
    outbound.on('data', (b) => silent || inbound.write(b));
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => relay.close(resolve));
});

describe('PgListener round trip', () => {
  it('a connection that stops answering counts as lost after the time limit, and listening resumes when it answers again', async () => {
    const via = new URL(databaseUrl);
    via.port = String((relay.address() as net.AddressInfo).port);
    const pool = createPool(via.toString(), 1);
    const events: string[] = [];
    const listener = createPgListener(pool, {
      name: 'test',
      channels: ['test_channel'],
      roundTripTimeoutMs: 300,
      onNotification: () => events.push('notification'),
      onReady: () => events.push('ready'),
      onLost: (err) => events.push(`lost: ${err.message}`),
    });
    try {
      await listener.start();
      expect(listener.active).toBe(true);
      await listener.roundTrip();
      expect(listener.active).toBe(true);

      silent = true;
      const started = Date.now();
      await listener.roundTrip();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(listener.active).toBe(false);
      expect(events).toContain('lost: test notification connection did not answer within 300 ms');

      silent = false;
      await expect.poll(() => listener.active, { timeout: 5000, interval: 50 }).toBe(true);
      expect(events.filter((e) => e === 'ready')).toHaveLength(2);
      await listener.roundTrip();
      expect(listener.active).toBe(true);
    } finally {
      silent = false;
      await listener.close();
      await pool.end();
    }
  });

  it('callers at once share round trips, one query at a time on the connection, each seeing what was notified before its call', async () => {
    const pool = createPool(databaseUrl, 4);
    const got = new Set<string>();
    const listener = createPgListener(pool, {
      name: 'test',
      channels: ['test_channel'],
      onNotification: (_c, p) => {
        if (p) got.add(p);
      },
    });
    // Queries under way per connection (pg queues a second query on a busy connection, a use it deprecates).
    const underWay = new Map<pg.Client, number>();
    let most = 0;
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      underWay.set(this, (underWay.get(this) ?? 0) + 1);
      most = Math.max(most, underWay.get(this)!);
      const done = () => underWay.set(this, underWay.get(this)! - 1);
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) result.then(done, done);
      else done(); // a callback or a submittable: not used here
      return result as never;
    });
    try {
      await listener.start();
      const missed = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          await pool.query('SELECT pg_notify($1, $2)', ['test_channel', `n${i}`]);
          await listener.roundTrip();
          return got.has(`n${i}`) ? null : `n${i}`;
        }),
      );
      expect(missed.filter(Boolean)).toEqual([]);
      expect(most).toBe(1);
    } finally {
      spy.mockRestore();
      await listener.close();
      await pool.end();
    }
  });
});
