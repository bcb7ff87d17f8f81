import type { Pool } from 'pg';
import { nameOrUnknown } from '../../domain/greeting';
import { licenceStates, todayUtc, type LicenceStates } from '../../domain/licenses';
import { permissionsFor, rolesFromGroups, type Permissions, type Role } from '../../domain/roles';
import type { IdTokenClaims } from './verify-token';

export interface ClinicianRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: 'ACTIVE' | 'INACTIVE';
  state: string | null;
  timezone: string | null;
  calendarLink: string | null;
  licences: { id: string; state: string; licenseId: string; expirationDate: string; goodStanding: boolean; acknowledgement: boolean }[];
}

/** Who is asking: built once per request from the verified token and the clinician profile. */
export interface Actor {
  sub: string;
  email: string | null;
  givenName: string;
  familyName: string;
  groups: string[];
  roles: Role[];
  permissions: Permissions;
  clinician: ClinicianRow | null;
  licenceStates: LicenceStates;
}

/** One query: the profile with its licences, for the token's subject. */
export async function loadClinician(pool: Pool, sub: string): Promise<ClinicianRow | null> {
  const { rows } = await pool.query(
    `SELECT c.id, c.email, c.first_name AS "firstName", c.last_name AS "lastName", c.status, c.state, c.timezone,
            c.calendar_link AS "calendarLink",
            COALESCE(json_agg(json_build_object('id', l.id, 'state', l.state, 'licenseId', l.license_id,
              'expirationDate', l.expiration_date, 'goodStanding', l.good_standing, 'acknowledgement', l.acknowledgement)
              ORDER BY l.state, l.expiration_date) FILTER (WHERE l.id IS NOT NULL), '[]') AS licences
       FROM clinicians c LEFT JOIN licences l ON l.clinician_id = c.id
      WHERE c.id = $1 GROUP BY c.id`,
    [sub],
  );
  return (rows[0] as ClinicianRow | undefined) ?? null;
}

export async function buildActor(pool: Pool, claims: IdTokenClaims, now = new Date()): Promise<Actor> {
  const groups = Array.isArray(claims['cognito:groups']) ? claims['cognito:groups'].filter((g) => typeof g === 'string') : [];
  const roles = rolesFromGroups(groups);
  // Only users in a group may have a profile that matters; pending users get no DB work.
  const clinician = roles.length > 0 ? await loadClinician(pool, claims.sub) : null;
  return {
    sub: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    givenName: nameOrUnknown(claims.given_name),
    familyName: nameOrUnknown(claims.family_name),
    groups,
    roles,
    permissions: permissionsFor(roles),
    clinician,
    licenceStates: licenceStates(clinician?.licences ?? [], todayUtc(now)),
  };
}
