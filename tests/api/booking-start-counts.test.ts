import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRangeCount } from '../../src/server/bookings/repository-sql';
import { inRolledBackTx, startApi, type TestApi } from './helpers';

/**
 * The quarter-hour counters of booking starts (booking_start_counts, migration 0042) are kept by triggers: after every
 * kind of write they equal the counts recomputed from the bookings, and a range's total from them equals counting.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const SLOT = `date_bin('15 minutes', start_at, TIMESTAMPTZ '2001-01-01 00:00:00+00')`;

async function expectCountersRight(db: Pick<PoolClient, 'query'>, what: string) {
  const kept = await db.query(`SELECT slot, n::int AS n FROM booking_start_counts WHERE n <> 0 ORDER BY slot`);
  const real = await db.query(`SELECT ${SLOT} AS slot, count(*)::int AS n FROM bookings GROUP BY 1 ORDER BY 1`);
  expect(kept.rows, what).toEqual(real.rows);
  expect(kept.rows.length, what).toBeGreaterThan(10);
}

/** Writes checked inside a transaction that is rolled back. */
const inTx = (fn: (c: PoolClient) => Promise<void>) => inRolledBackTx(api.pool, fn);

/** The range's total from the counters, and counted from the bookings. */
async function bothCounts(db: Pick<PoolClient, 'query'>, from: string, to: string) {
  const { rows } = await db.query(
    `SELECT (${startRangeCount('$1::timestamptz', '$2::timestamptz')}) AS kept,
            (SELECT count(*)::int FROM bookings WHERE start_at >= $1::timestamptz AND start_at < $2::timestamptz) AS real`,
    [from, to],
  );
  return rows[0] as { kept: number; real: number };
}

describe('booking start counters', () => {
  it('start equal to the bookings', async () => {
    await expectCountersRight(api.pool, 'after the seed');
  });

  it('follow inserts, moves (within and across quarter hours), other updates and deletes', async () => {
    await inTx(async (c) => {
      const { rows } = await c.query(`SELECT id FROM bookings ORDER BY id LIMIT 2`);
      await c.query(`UPDATE bookings SET start_at = start_at + interval '1 day 37 minutes' WHERE id = $1`, [rows[0].id]);
      await expectCountersRight(c, 'moved to another quarter hour');
      await c.query(`UPDATE bookings SET start_at = date_bin('15 minutes', start_at, TIMESTAMPTZ '2001-01-01') + interval '1 minute' WHERE id = $1`, [
        rows[1].id,
      ]);
      await expectCountersRight(c, 'moved within its quarter hour');
      await c.query(`UPDATE bookings SET status = status, start_at = start_at`);
      await expectCountersRight(c, 'every booking written, no start changed');
      await c.query(`CREATE TEMP TABLE copies ON COMMIT DROP AS SELECT * FROM bookings ORDER BY id LIMIT 5`);
      await c.query(`UPDATE copies SET id = 'COPY-' || id, start_at = start_at + interval '3 hours 5 minutes'`);
      await c.query(`INSERT INTO bookings SELECT * FROM copies`);
      await expectCountersRight(c, 'inserted five at once');
      await c.query(`DELETE FROM bookings WHERE id IN (SELECT id FROM copies ORDER BY id LIMIT 2)`);
      await expectCountersRight(c, 'deleted two');
    });
  });

  it.each([
    ['whole UTC days', '2026-11-01T00:00:00Z', '2026-11-17T00:00:00Z'],
    ['whole days in Los Angeles', '2026-11-15T08:00:00Z', '2026-12-01T08:00:00Z'],
    ['whole days in Kathmandu (+05:45)', '2026-11-14T18:15:00Z', '2026-11-30T18:15:00Z'],
    ['ends inside quarter hours', '2026-11-10T09:07:13.250Z', '2026-11-25T16:52:01Z'],
    ['inside one quarter hour', '2026-11-20T10:01:00Z', '2026-11-20T10:14:00Z'],
    ['across one quarter-hour boundary', '2026-11-20T10:10:00Z', '2026-11-20T10:20:00Z'],
    ['empty (from after to)', '2026-11-25T00:00:00Z', '2026-11-20T00:00:00Z'],
  ])('a range of starts, %s: the counters give the count', async (_what, from, to) => {
    const { kept, real } = await bothCounts(api.pool, from, to);
    expect(kept).toBe(real);
  });

  it('a range with bookings on its edges: the partial quarter hours are counted from the bookings', async () => {
    await inTx(async (c) => {
      const { rows } = await c.query(`SELECT id FROM bookings ORDER BY id LIMIT 2`);
      await c.query(`UPDATE bookings SET start_at = '2026-11-20T10:05:00Z' WHERE id = $1`, [rows[0].id]);
      await c.query(`UPDATE bookings SET start_at = '2026-11-20T11:55:00Z' WHERE id = $1`, [rows[1].id]);
      const { kept, real } = await bothCounts(c, '2026-11-20T10:05:00Z', '2026-11-20T11:55:00.001Z');
      expect(real).toBeGreaterThanOrEqual(2);
      expect(kept).toBe(real);
    });
  });
});
