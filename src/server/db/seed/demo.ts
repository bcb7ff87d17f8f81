import type { Pool, PoolClient } from 'pg';
import { CATALOGUE_SEED_SQL, catalogueSeedParams } from './booking-catalogue';
import { BULK_SEED_SQL, SEED_PARAMS_SQL } from './bulk.sql';
import { DEMO_RESULT_TEMPLATES } from './result-templates';
import { DEMO_ACCOUNTS, DEMO_LICENCE_EXPIRY, OTHER_CLINICIANS, type DemoAccount } from './demo-users';

export interface SeedScale {
  patients: number;
  kits: number;
  bookings: number;
  orders: number;
  messages: number;
  /** Bookings start from `back` days ago to `ahead` days from today (default 10 and 10). */
  bookingDays?: { back: number; ahead: number };
  /** Further generated clinicians (licences, time zones across the country) that bookings are assigned to (default 0). */
  extraClinicians?: number;
}
export const DEMO_SCALE: SeedScale = { patients: 400, kits: 1200, bookings: 630, orders: 150, messages: 300 };
/**
 * The bench's scale: 100k kits, and bookings spread like a real service's: 90 days back and 30 ahead, about 300 a
 * day, assigned across 23 clinicians in four time zones (see the README's bench section).
 */
export const BENCH_SCALE: SeedScale = {
  patients: 20_000,
  kits: 100_000,
  bookings: 36_300,
  orders: 5_000,
  messages: 10_000,
  bookingDays: { back: 90, ahead: 30 },
  extraClinicians: 20,
};

/** Whether the demo data was already created (data persists across restarts). */
export async function isSeeded(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query(`SELECT 1 FROM seed_state WHERE name = 'demo'`);
  return rows.length > 0;
}

/** The clinician profile and verified licences of a sign-in with a profile (the demo's, the bench's many users). */
export async function insertAccountProfile(db: Pick<Pool, 'query'>, id: string, a: DemoAccount) {
  if (!a.profile) return;
  await db.query(
    `INSERT INTO clinicians (id, email, first_name, last_name, status, state, timezone, calendar_link)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, a.email, a.givenName, a.familyName, a.profile.status, a.profile.state, a.profile.timezone, a.profile.calendarLink],
  );
  for (const l of a.profile.licences) {
    await db.query(
      `INSERT INTO licences (clinician_id, state, license_id, expiration_date, good_standing, acknowledgement, verified_at, verified_by)
       VALUES ($1, $2, $3, $4, $5, true, now(), 'seed')`,
      [id, l.state, l.licenseId, l.expirationDate, l.goodStanding],
    );
  }
}

/**
 * Creates the clinician profiles of the demo sign-ins (keyed by their Cognito subs) and the bulk
 * demo data, in one transaction.
 */
export async function seedDemoData(pool: Pool, subs: Record<string, string>, scale: SeedScale = DEMO_SCALE): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const a of DEMO_ACCOUNTS) {
      if (!a.profile) continue;
      const id = subs[a.email];
      if (!id) throw new Error(`no Cognito user for ${a.email}`);
      await insertAccountProfile(client, id, a);
    }
    for (const c of OTHER_CLINICIANS) {
      await client.query(
        `INSERT INTO clinicians (id, email, first_name, last_name, status, state, timezone, calendar_link)
         VALUES ($1, $2, $3, $4, 'ACTIVE', $5, 'America/Denver', $6)`,
        [c.id, c.email, c.firstName, c.lastName, c.state, `https://cal.example.com/${c.firstName.toLowerCase()}`],
      );
      for (const [n, state] of c.licences.entries()) {
        await client.query(
          `INSERT INTO licences (clinician_id, state, license_id, expiration_date, good_standing, acknowledgement, verified_at, verified_by)
           VALUES ($1, $2, $3, $4, true, true, now(), 'seed')`,
          [c.id, state, `${state}-NP-${900 + n}`, DEMO_LICENCE_EXPIRY],
        );
      }
    }
    const extra = await seedExtraClinicians(client, scale.extraClinicians ?? 0);
    const assignees = [subs['clinician@demo.test'], OTHER_CLINICIANS[0].id, OTHER_CLINICIANS[1].id, ...extra];
    const days = scale.bookingDays ?? { back: 10, ahead: 10 };
    await client.query(SEED_PARAMS_SQL, [scale.patients, scale.kits, scale.bookings, scale.orders, scale.messages, assignees, days.back, days.ahead]);
    await client.query(CATALOGUE_SEED_SQL, catalogueSeedParams());
    for (const statement of BULK_SEED_SQL) await client.query(statement);
    // The content service's page for the portal: result templates and the booking summary text.
    await client.query(`INSERT INTO content_pages (page, attributes) VALUES ('clinician-portal', $1) ON CONFLICT (page) DO NOTHING`, [
      JSON.stringify({
        negativeTemplates: DEMO_RESULT_TEMPLATES,
        bookingSummary: '<p>Thank you for visiting us today, {{patientName}}. Here is a summary of your visit and the next steps we discussed.</p>',
      }),
    ]);
    await client.query(`INSERT INTO seed_state (name, rows, details) VALUES ('demo', $1, $2)`, [scale.kits, JSON.stringify(scale)]);
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

/** Generated clinicians (bench scale): ids, names, home states, time zones and two licences each, deterministic. */
async function seedExtraClinicians(client: PoolClient, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO clinicians (id, email, first_name, last_name, status, state, timezone, calendar_link)
     SELECT md5('bench-clinician-' || i)::uuid, 'clinician' || i || '@bench.test', 'Bench', 'Clinician ' || i, 'ACTIVE',
            (ARRAY['NY','IL','CO','CA'])[1 + i % 4],
            (ARRAY['America/New_York','America/Chicago','America/Denver','America/Los_Angeles'])[1 + i % 4],
            'https://cal.example.com/bench-' || i
       FROM generate_series(1, $1::int) i RETURNING id`,
    [n],
  );
  await client.query(
    `INSERT INTO licences (clinician_id, state, license_id, expiration_date, good_standing, acknowledgement, verified_at, verified_by)
     SELECT md5('bench-clinician-' || i)::uuid, s, s || '-BN-' || i, $2::date, true, true, now(), 'seed'
       FROM generate_series(1, $1::int) i, LATERAL unnest(ARRAY[(ARRAY['NY','IL','CO','CA'])[1 + i % 4], 'NV']) s`,
    [n, DEMO_LICENCE_EXPIRY],
  );
  return rows.map((r) => r.id);
}
