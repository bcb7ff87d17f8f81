import type { Pool, PoolClient } from 'pg';
import type { LicenceBody } from '../../domain/clinician/clinician-profile';
import type { AllLicencesQuery } from '../../domain/clinician/licenses';
import type { LicenceRow } from '../auth/actor';
import { LICENCE_COLS } from './repository-profile';

type Db = Pool | PoolClient;
type LicenceFields = Omit<LicenceBody, 'id'>;

/** Inserts a licence unless the clinician has one for that state (one licence per state); null then. */
export async function insertLicence(client: PoolClient, clinicianId: string, l: LicenceFields): Promise<LicenceRow | null> {
  const { rows } = await client.query<LicenceRow>(
    `INSERT INTO licences (clinician_id, state, license_id, expiration_date, good_standing, acknowledgement)
     SELECT $1, $2, $3, $4, $5, $6
      WHERE NOT EXISTS (SELECT 1 FROM licences WHERE clinician_id = $1 AND state = $2)
     RETURNING ${LICENCE_COLS}`,
    [clinicianId, l.state, l.licenseId, l.expirationDate, l.goodStanding, l.acknowledgement],
  );
  return rows[0] ?? null;
}

/** A licence locked for a change: one of the clinician's own (clinicianId), or any (null). */
export async function lockLicence(client: PoolClient, id: string, clinicianId: string | null): Promise<LicenceRow | null> {
  const { rows } =
    clinicianId === null
      ? await client.query<LicenceRow>(`SELECT ${LICENCE_COLS} FROM licences WHERE id = $1 FOR UPDATE`, [id])
      : await client.query<LicenceRow>(`SELECT ${LICENCE_COLS} FROM licences WHERE id = $1 AND clinician_id = $2 FOR UPDATE`, [id, clinicianId]);
  return rows[0] ?? null;
}

/** Whether the clinician has another licence (not `id`) for the state. */
export async function hasOtherInState(client: PoolClient, clinicianId: string, state: string, id: string): Promise<boolean> {
  const { rows } = await client.query('SELECT 1 FROM licences WHERE clinician_id = $1 AND state = $2 AND id <> $3', [clinicianId, state, id]);
  return rows.length > 0;
}

/** Changes one of the clinician's licences; a changed licence is no longer the one verified (unverified again). */
export async function updateLicence(client: PoolClient, id: string, clinicianId: string, l: LicenceFields): Promise<LicenceRow> {
  const { rows } = await client.query<LicenceRow>(
    `UPDATE licences SET state = $3, license_id = $4, expiration_date = $5, good_standing = $6, acknowledgement = $7,
            verified_at = NULL, verified_by = NULL
      WHERE id = $1 AND clinician_id = $2 RETURNING ${LICENCE_COLS}`,
    [id, clinicianId, l.state, l.licenseId, l.expirationDate, l.goodStanding, l.acknowledgement],
  );
  return rows[0];
}

export async function deleteLicence(client: PoolClient, id: string, clinicianId: string) {
  await client.query('DELETE FROM licences WHERE id = $1 AND clinician_id = $2', [id, clinicianId]);
}

export async function markVerified(client: PoolClient, id: string, by: string): Promise<LicenceRow> {
  const { rows } = await client.query<LicenceRow>(
    `UPDATE licences SET verified_at = now(), verified_by = $2 WHERE id = $1 RETURNING ${LICENCE_COLS}`,
    [id, by],
  );
  return rows[0];
}

/** The columns of each sort field (the query schema names the fields; the SQL takes only these). */
const SORT_COLUMNS: Record<AllLicencesQuery['sort'], string[]> = {
  clinicianName: ['c.last_name', 'c.first_name', 'l.state'],
  state: ['l.state', 'c.last_name', 'c.first_name'],
  expirationDate: ['l.expiration_date'],
};

/** Every clinician's licences with the clinician's name (the super admin's review list): the rows asked and how many match. */
export async function allLicences(db: Db, q: AllLicencesQuery) {
  const { verified } = q.filter;
  const where = verified === undefined ? 'TRUE' : verified ? 'l.verified_at IS NOT NULL' : 'l.verified_at IS NULL';
  const order = q.order === 'ASC' ? 'ASC' : 'DESC';
  const orderBy = [...SORT_COLUMNS[q.sort], 'l.id'].map((column) => `${column} ${order}`).join(', ');
  const [rows, count] = await Promise.all([
    db.query<LicenceRow & { clinicianId: string; clinicianName: string }>(
      `SELECT l.id, l.state, l.license_id AS "licenseId", l.expiration_date::text AS "expirationDate", l.good_standing AS "goodStanding",
              l.acknowledgement, l.verified_at IS NOT NULL AS "verified", c.id AS "clinicianId", c.first_name || ' ' || c.last_name AS "clinicianName"
         FROM licences l JOIN clinicians c ON c.id = l.clinician_id WHERE ${where} ORDER BY ${orderBy} LIMIT $1 OFFSET $2`,
      [q.last - q.first + 1, q.first],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM licences l WHERE ${where}`),
  ]);
  return { rows: rows.rows, total: count.rows[0].n };
}
