import type { Pool, PoolClient, QueryConfig } from 'pg';
import { describe, expect, it } from 'vitest';
import type { Auditor } from '../audit/auditor';
import { buildActor } from '../auth/actor';
import { dataAccess } from '../data/access';
import { refused } from './repository';
import { recordedStatement } from '../db/recorded-statement';

const superAdmin = await buildActor(
  null as unknown as Pool,
  { sub: '00000000-0000-4000-8000-000000000001', given_name: 'Sam', family_name: 'Admin', 'cognito:groups': ['super_admin'] },
  new Date(),
  async () => ({ validAfter: null, clinician: null, breakGlass: [] }),
);

/** A booking as the lock reads it (only what the write's checks look at). */
const BOOKING = {
  id: 'BK0000001',
  bookingStatus: 'BOOKED_CONFIRMED',
  patientId: '00000000-0000-4000-8000-0000000000aa',
  state: 'NV',
  primaryClinicianId: null,
  appntStart: new Date(),
};

/** A pool of one client that answers the booking lock and records every statement, with an auditor that records where it wrote. */
function fakeDb() {
  const queries: string[] = [];
  const client = {
    query: async (asked: string | QueryConfig) => {
      const sql = recordedStatement(asked).text;
      queries.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
      return /FOR UPDATE OF b/.test(sql) ? { rows: [BOOKING], rowCount: 1 } : { rows: [], rowCount: 1 };
    },
    release: () => undefined,
  } as unknown as PoolClient;
  const pool = { connect: async () => client } as unknown as Pool;
  const audited: Array<{ on: 'pool' | 'client'; action: string; outcome: string }> = [];
  const audit = {
    one: async (db: unknown, e: { action: string; outcome: string }) => {
      audited.push({ on: db === pool ? 'pool' : 'client', action: e.action, outcome: e.outcome });
    },
    many: async () => undefined,
  } as unknown as Auditor;
  return { pool, queries, audited, data: dataAccess(pool)(superAdmin, audit) };
}
const ANY = { clinical: false, allowTerminal: true };

describe('a booking write', () => {
  it('runs in a transaction of its own: the booking locked, changed, its history written and audited before COMMIT', async () => {
    const { queries, audited, data } = fakeDb();
    await data.bookings.write(BOOKING.id, ANY, 'TAG', (b) => b.tag('VIP'));
    // The tag's own UPDATE moves updated_at: no second UPDATE of the booking.
    expect(queries).toEqual(['BEGIN', 'SELECT b.id, b.status', 'UPDATE bookings SET', 'INSERT INTO record_history', 'COMMIT']);
    expect(audited).toEqual([{ on: 'client', action: 'TAG', outcome: 'SUCCESS' }]);
  });

  it('a write that does not update the booking itself (a log entry) is followed by the UPDATE that moves updated_at', async () => {
    const { queries, audited, data } = fakeDb();
    await data.bookings.write(BOOKING.id, ANY, 'ADD_NOTES', (b) => b.log('APPOINTMENT_NOTE', 'late'));
    expect(queries).toEqual(['BEGIN', 'SELECT b.id, b.status', 'INSERT INTO booking_log', 'UPDATE bookings SET', 'COMMIT']);
    expect(audited).toEqual([{ on: 'client', action: 'ADD_NOTES', outcome: 'SUCCESS' }]);
  });

  it('refused by its rule, rolls back and is audited DENIED on the pool after the rollback', async () => {
    const { queries, audited, data } = fakeDb();
    await expect(
      data.bookings.write(BOOKING.id, ANY, 'TAG', async () => {
        throw refused(409, 'no');
      }),
    ).rejects.toThrow('no');
    expect(queries).toEqual(['BEGIN', 'SELECT b.id, b.status', 'ROLLBACK']);
    expect(audited).toEqual([{ on: 'pool', action: 'TAG', outcome: 'DENIED' }]);
  });

  it('inside data.transaction joins it: one BEGIN and one COMMIT for the writes that commit together', async () => {
    const { queries, audited, data } = fakeDb();
    await data.transaction(async (tx) => {
      await tx.bookings.write(BOOKING.id, ANY, 'TAG', (b) => b.tag('VIP'));
      await tx.bookings.write(BOOKING.id, ANY, 'ADD_NOTE', (b) => b.log('APPOINTMENT_NOTE', 'seen'));
    });
    expect(queries.filter((q) => q === 'BEGIN' || q === 'COMMIT')).toEqual(['BEGIN', 'COMMIT']);
    expect(queries.at(-1)).toBe('COMMIT');
    expect(audited).toEqual([
      { on: 'client', action: 'TAG', outcome: 'SUCCESS' },
      { on: 'client', action: 'ADD_NOTE', outcome: 'SUCCESS' },
    ]);
  });
});
