import type { Pool, PoolClient } from 'pg';
import { profileFlags } from '../../domain/clinician/clinician';
import { PROFILE_FIELDS, type ProfileDetails } from '../../domain/clinician/clinician-profile';
import { isLicenceValid, todayUtc } from '../../domain/clinician/licenses';
import type { LicenceRow } from '../auth/actor';

type Db = Pool | PoolClient;

/** The SQL of clinician profiles and portal users (repository.ts applies the Actor's rules, history and audit). */

/** The personal-information columns of a clinician, as the profile answers them. */
export const DETAIL_COLS = `c.first_name AS "firstName", c.middle_name AS "middleName", c.last_name AS "lastName", c.dob::text AS "dob",
  c.fun_fact AS "funFact", c.personal_email AS "personalEmail", c.tbd_email AS "tbdEmail", c.mobile, c.address1, c.address2,
  c.city, c.state, c.zip`;

export const LICENCE_COLS = `id, state, license_id AS "licenseId", expiration_date::text AS "expirationDate",
  good_standing AS "goodStanding", acknowledgement, verified_at IS NOT NULL AS "verified"`;

/** A licence as the API answers it: the stored names, the spec's names (isGoodStanding, ackPermissionToPractice), valid. */
export const presentLicence = (l: LicenceRow, today = todayUtc()) => ({
  id: l.id,
  state: l.state,
  licenseId: l.licenseId,
  expirationDate: l.expirationDate,
  goodStanding: l.goodStanding,
  acknowledgement: l.acknowledgement,
  isGoodStanding: l.goodStanding,
  ackPermissionToPractice: l.acknowledgement,
  verified: l.verified ?? false,
  valid: isLicenceValid(l, today),
});

export async function profileDetails(db: Db, clinicianId: string, lock = false): Promise<ProfileDetails | null> {
  const { rows } = await db.query<ProfileDetails>(`SELECT ${DETAIL_COLS} FROM clinicians c WHERE c.id = $1${lock ? ' FOR UPDATE' : ''}`, [
    clinicianId,
  ]);
  return rows[0] ?? null;
}

/** A whole profile (details, status, calendar link, licences and flags) by id or e-mail; null when there is none. */
export async function loadProfile(db: Db, by: { id: string } | { email: string }) {
  const where = 'id' in by ? 'c.id::text = $1' : 'lower(c.email) = lower($1)';
  const { rows } = await db.query(
    `SELECT c.id, c.email, c.status, c.timezone, c.calendar_link AS "calendarLink", ${DETAIL_COLS},
            COALESCE((SELECT json_agg(json_build_object('id', l.id, 'state', l.state, 'licenseId', l.license_id,
               'expirationDate', l.expiration_date, 'goodStanding', l.good_standing, 'acknowledgement', l.acknowledgement,
               'verified', l.verified_at IS NOT NULL) ORDER BY l.state, l.expiration_date)
               FROM licences l WHERE l.clinician_id = c.id), '[]') AS licences
       FROM clinicians c WHERE ${where}`,
    ['id' in by ? by.id : by.email],
  );
  const row = rows[0] as
    | (Omit<ProfileDetails, 'firstName' | 'lastName'> & {
        firstName: string;
        lastName: string;
        id: string;
        email: string;
        status: 'ACTIVE' | 'INACTIVE';
        timezone: string | null;
        calendarLink: string | null;
        licences: LicenceRow[];
      })
    | undefined;
  if (!row) return null;
  const today = todayUtc();
  const { licences, ...rest } = row;
  return { ...rest, licences: licences.map((l) => presentLicence(l, today)), ...profileFlags(licences, row.calendarLink, today) };
}

/** The SET list and values of an update of the fields the body carries (parameters from $2 on; $1 is the id). */
export function detailAssignments(body: Partial<ProfileDetails>) {
  const column: Record<(typeof PROFILE_FIELDS)[number], string> = {
    firstName: 'first_name',
    middleName: 'middle_name',
    lastName: 'last_name',
    dob: 'dob',
    funFact: 'fun_fact',
    personalEmail: 'personal_email',
    tbdEmail: 'tbd_email',
    mobile: 'mobile',
    address1: 'address1',
    address2: 'address2',
    city: 'city',
    state: 'state',
    zip: 'zip',
  };
  const blankToNull = (v: unknown) => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim());
  const fields = PROFILE_FIELDS.filter((f) => body[f] !== undefined);
  return {
    fields,
    set: fields.map((f, i) => `${column[f]} = $${i + 2}`).join(', '),
    values: fields.map((f) => blankToNull(body[f])),
  };
}

/** A new ACTIVE profile for the signed-in user; false when it already has one. */
export async function insertProfile(
  client: PoolClient,
  p: { id: string; email: string; firstName: string; lastName: string; mobile: string | null },
) {
  const { rowCount } = await client.query(
    `INSERT INTO clinicians (id, email, first_name, last_name, mobile, status) VALUES ($1, $2, $3, $4, $5, 'ACTIVE')
     ON CONFLICT (id) DO NOTHING`,
    [p.id, p.email, p.firstName, p.lastName, p.mobile],
  );
  return !!rowCount;
}

/** Updates the personal-information fields the body carries (detailAssignments). */
export async function updateDetails(client: PoolClient, id: string, body: Partial<ProfileDetails>) {
  const { fields, set, values } = detailAssignments(body);
  if (fields.length) await client.query(`UPDATE clinicians SET ${set} WHERE id = $1`, [id, ...values]);
  return fields;
}

/** Sets the calendar link; whether there was one before (added or updated). */
export async function setCalendarLink(client: PoolClient, id: string, calendarLink: string): Promise<boolean> {
  const { rows } = await client.query<{ was: string | null }>('SELECT calendar_link AS was FROM clinicians WHERE id = $1 FOR UPDATE', [id]);
  await client.query('UPDATE clinicians SET calendar_link = $2 WHERE id = $1', [id, calendarLink]);
  return !!rows[0]?.was;
}

/** The user's name from the token, for the PHI access log (written only when it changed). */
export async function recordPortalUser(db: Db, u: { sub: string; givenName: string; familyName: string }) {
  await db.query(
    `INSERT INTO portal_users (sub, given_name, family_name) VALUES ($1, $2, $3)
     ON CONFLICT (sub) DO UPDATE SET given_name = EXCLUDED.given_name, family_name = EXCLUDED.family_name, updated_at = now()
      WHERE (portal_users.given_name, portal_users.family_name) IS DISTINCT FROM (EXCLUDED.given_name, EXCLUDED.family_name)`,
    [u.sub, u.givenName, u.familyName],
  );
}

/** The profile names of the given users (the pending sign-ups' list). */
export async function profileNames(db: Db, subs: string[]) {
  const { rows } = await db.query<{ id: string; firstName: string; lastName: string }>(
    `SELECT id::text, first_name AS "firstName", last_name AS "lastName" FROM clinicians WHERE id::text = ANY($1::text[])`,
    [subs],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
