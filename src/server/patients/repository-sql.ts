import type { Pool, PoolClient } from 'pg';
import type { PatientColumnFilterParam, PatientSearchType } from '../../domain/patients/patient-search';
import type { PatientUpdate } from '../../domain/patients/patients';
import type { Actor } from '../auth/actor';
import { scopeSql } from '../auth/scope';
import { pageClause } from '../db/rows';
import { prepared } from '../db/prepared';

/**
 * All SQL of the patients feature, on a given connection; the Actor-bound repository (repository.ts) calls it. Terms
 * are always bound parameters; the scope's states too (auth/scope.ts).
 */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const PHONE_EXPR = `right(regexp_replace(coalesce(p.phone, ''), '\\D', '', 'g'), 10)`;

export interface SearchRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  dob: string | null;
  phoneNumber: string | null;
  state: string | null;
  city: string | null;
}
/** The patient of a row of `p` for the scope: its state, and its id for a break-glass session. */
const PATIENT_SQL = { state: 'p.state', id: 'p.id' };
const SEARCH_COLUMNS = `p.id::text AS id, p.first_name AS "firstName", p.last_name AS "lastName", p.email, p.dob::text AS dob,
  p.phone AS "phoneNumber", p.state, p.city`;

/** One criterion as SQL over `p` (patients). Masked fields only match in-scope rows; the kit id is never masked. */
function criterionSql(actor: Actor, bind: (v: unknown) => string, c: { type: PatientSearchType; term: string }): string {
  const scope = scopeSql(actor, bind);
  const masked = (cond: string) => scope.onlyInScope(cond, PATIENT_SQL);
  switch (c.type) {
    case 'patient_email':
      return masked(`lower(p.email) LIKE ${bind(`${escapeLike(c.term)}%`)}`);
    case 'patient_dob':
      return masked(`p.dob = ${bind(c.term)}::date`);
    case 'patient_phone':
      return masked(`${PHONE_EXPR} LIKE ${bind(`${escapeLike(c.term)}%`)}`);
    case 'patient_kit_id':
      return `p.id IN (SELECT k.patient_id FROM kits k WHERE k.kit_id = ${bind(c.term)})`;
    // Every word starts the first, last or preferred name (each arm has its own prefix index: a BitmapOr per word).
    case 'patient_name':
      return masked(
        `(${c.term
          .split(' ')
          .map((w) => {
            const word = bind(`${escapeLike(w)}%`);
            return `(lower(p.first_name) LIKE ${word} OR lower(p.last_name) LIKE ${word} OR lower(p.preferred_name) LIKE ${word})`;
          })
          .join(' AND ')})`,
      );
  }
}

/** The text each column filter looks in (the list's Location is "city, state"). */
const COLUMN_FILTER_EXPR: Record<PatientColumnFilterParam, string> = {
  nameContains: `lower(p.first_name || ' ' || p.last_name)`,
  emailContains: 'lower(p.email)',
  dobContains: 'p.dob::text',
  phoneContains: `regexp_replace(coalesce(p.phone, ''), '\\D', '', 'g')`,
  locationContains: `lower(concat_ws(', ', p.city, p.state))`,
};

/** A column filter as SQL: contains the bound text; every column is masked outside the scope, so only in-scope rows match. */
function columnFilterSql(actor: Actor, bind: (v: unknown) => string, f: { param: PatientColumnFilterParam; term: string }): string {
  return scopeSql(actor, bind).onlyInScope(`${COLUMN_FILTER_EXPR[f.param]} LIKE ${bind(`%${escapeLike(f.term)}%`)}`, PATIENT_SQL);
}

const SORT_COLUMNS = {
  name: ['p.last_name', 'p.first_name'],
  email: ['lower(p.email)'],
  dob: ['p.dob'],
  phoneNumber: ['p.phone'],
  state: ['p.state'],
} as const;

/** Patients matching any criterion (merged, one row per patient) and every column filter, paged and sorted; masked fields sort last. */
export async function searchPatients(
  db: Pool | PoolClient,
  actor: Actor,
  criteria: { type: PatientSearchType; term: string }[],
  page: { page: number; perPage: number; sort: keyof typeof SORT_COLUMNS; order: 'ASC' | 'DESC' },
  withTotal = true,
  columnFilters: { param: PatientColumnFilterParam; term: string }[] = [],
): Promise<{ rows: SearchRow[]; total: number }> {
  const params: unknown[] = [];
  const bind = (v: unknown) => `$${params.push(v)}`;
  const where = [
    `(${criteria.map((c) => criterionSql(actor, bind, c)).join(' OR ')})`,
    ...columnFilters.map((f) => columnFilterSql(actor, bind, f)),
  ].join(' AND ');
  const whereParams = [...params];
  const scope = scopeSql(actor, bind);
  const order = [...SORT_COLUMNS[page.sort].map((col) => `${scope.sortKey(col, PATIENT_SQL)} ${page.order} NULLS LAST`), `p.id ${page.order}`].join(
    ', ',
  );
  const [rows, count] = await Promise.all([
    // Unnamed statements: each search is planned with its own terms (a generic plan cannot use a LIKE prefix index).
    db.query<SearchRow>(`SELECT ${SEARCH_COLUMNS} FROM patients p WHERE ${where} ORDER BY ${order} ${pageClause(page.page, page.perPage)}`, params),
    withTotal ? db.query<{ total: number }>(`SELECT count(*)::int AS total FROM patients p WHERE ${where}`, whereParams) : null,
  ]);
  return { rows: rows.rows, total: count ? count.rows[0].total : rows.rows.length };
}

export interface PatientRow {
  id: string;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  email: string | null;
  phoneNumber: string | null;
  dob: string | null;
  state: string | null;
  genderAtBirth: string | null;
  gender: string | null;
  currentGenderIdentity: string | null;
  pronoun: string | null;
  race: string | null;
  ethnicity: string | null;
  sexualOrientationPreference: string | null;
  passMember: boolean;
  photonHealthErxPatientId: string | null;
  profilePicKey: string | null;
  hasAccount: boolean;
  allergies: string | null;
  symptoms: string | null;
  medication: string | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  zip: string | null;
}
const PATIENT_COLUMNS = `p.id::text AS id, p.first_name AS "firstName", p.last_name AS "lastName", p.preferred_name AS "preferredName",
  p.email, p.phone AS "phoneNumber", p.dob::text AS dob, p.state, p.gender_at_birth AS "genderAtBirth", p.gender,
  p.gender_identity AS "currentGenderIdentity", p.pronoun, p.race, p.ethnicity, p.sexual_orientation AS "sexualOrientationPreference",
  p.pass_member AS "passMember", p.photon_erx_patient_id AS "photonHealthErxPatientId", p.profile_pic_key AS "profilePicKey",
  p.has_account AS "hasAccount", p.allergies, p.symptoms, p.medication, p.street, p.street2, p.city, p.zip`;

export async function patientById(db: Pool | PoolClient, id: string, lock = false): Promise<PatientRow | undefined> {
  const { rows } = await db.query<PatientRow>(
    prepared(`SELECT ${PATIENT_COLUMNS} FROM patients p WHERE p.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]),
  );
  return rows[0];
}

export async function patientByEmail(db: Pool | PoolClient, email: string): Promise<PatientRow | undefined> {
  const { rows } = await db.query<PatientRow>(
    `SELECT ${PATIENT_COLUMNS} FROM patients p WHERE lower(p.email) = lower($1) ORDER BY p.created_at LIMIT 1`,
    [email],
  );
  return rows[0];
}

/**
 * Where a patient is (for the scope check of a patient's record and lists: profile, bookings, kits), or undefined when
 * there is no such patient.
 */
export async function patientStateOf(db: Pool | PoolClient, id: string): Promise<{ state: string | null } | undefined> {
  const { rows } = await db.query<{ state: string | null }>(prepared('SELECT state FROM patients WHERE id = $1', [id]));
  return rows[0];
}

export async function updatePatient(client: PoolClient, id: string, u: PatientUpdate): Promise<void> {
  await client.query(
    `UPDATE patients SET first_name = $2, last_name = $3, preferred_name = $4, phone = $5, dob = $6::date, gender_at_birth = $7,
       gender_identity = $8, pronoun = $9, race = $10, ethnicity = $11, sexual_orientation = $12, street = $13, street2 = $14,
       city = $15, state = $16, zip = $17, updated_at = now()
     WHERE id = $1`,
    [
      id,
      u.firstName,
      u.lastName,
      u.preferredName,
      u.phoneNumber,
      u.dob,
      u.genderAtBirth,
      u.currentGenderIdentity,
      u.pronoun,
      u.race,
      u.ethnicity,
      u.sexualOrientationPreference,
      u.address.street_address,
      u.address.street_address2,
      u.address.locality,
      u.address.region,
      u.address.postal_code,
    ],
  );
}

/** Records an event on the patient's history (inside the caller's transaction). */
export async function addEvent(
  client: PoolClient,
  patientId: string,
  e: { entityType: string; entityId: string; eventType: string; actorType: string },
) {
  await client.query(`INSERT INTO patient_events (patient_id, entity_type, entity_id, event_type, actor_type) VALUES ($1, $2, $3, $4, $5)`, [
    patientId,
    e.entityType,
    e.entityId,
    e.eventType,
    e.actorType,
  ]);
}

/** The patient's PASS membership and consent, locked (the consent change); undefined when there is no such patient. */
export async function lockPassConsent(client: PoolClient, patientId: string) {
  const { rows } = await client.query<{ state: string | null; passMember: boolean; shareWIthPass: boolean }>(
    `SELECT state, pass_member AS "passMember", share_with_pass AS "shareWIthPass" FROM patients WHERE id = $1 FOR UPDATE`,
    [patientId],
  );
  return rows[0];
}

/** Sets the consent; answers the transaction's time, when the change counts from. */
export async function setShareWithPass(client: PoolClient, patientId: string, share: boolean): Promise<Date> {
  const { rows } = await client.query<{ changedAt: Date }>(`UPDATE patients SET share_with_pass = $2 WHERE id = $1 RETURNING now() AS "changedAt"`, [
    patientId,
    share,
  ]);
  return rows[0].changedAt;
}

/** The transaction's time. */
export async function transactionTime(client: PoolClient): Promise<Date> {
  const { rows } = await client.query<{ now: Date }>('SELECT now() AS now');
  return rows[0].now;
}
