import type { Pool } from 'pg';
import { nameOrUnknown } from '../../domain/dashboard/greeting';
import { activeBreakGlass } from '../../domain/break-glass/break-glass';
import { licenceStates, todayUtc, type LicenceStates } from '../../domain/clinician/licenses';
import { isLicenceBound } from '../../domain/shared/scope';
import { permissionsFor, rolesFromGroups, type Permissions, type Role } from '../../domain/shared/roles';
import { unauthorized } from '../errors';
import type { IdTokenClaims } from './verify-token';

/** A licence as stored (dates as YYYY-MM-DD text; `verified`: a super admin verified it). */
export interface LicenceRow {
  id: string;
  state: string;
  licenseId: string;
  expirationDate: string;
  goodStanding: boolean;
  acknowledgement: boolean;
  verified: boolean;
}

export interface ClinicianRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: 'ACTIVE' | 'INACTIVE';
  state: string | null;
  timezone: string | null;
  calendarLink: string | null;
  licences: LicenceRow[];
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
  /** Patients this clinician opened by break-glass whose session is still running (src/domain/break-glass/break-glass.ts). */
  breakGlass: string[];
}

const CLINICIAN_JSON = `SELECT json_build_object('id', c.id, 'email', c.email, 'firstName', c.first_name, 'lastName', c.last_name,
    'status', c.status, 'state', c.state, 'timezone', c.timezone, 'calendarLink', c.calendar_link,
    'licences', COALESCE(json_agg(json_build_object('id', l.id, 'state', l.state, 'licenseId', l.license_id,
      'expirationDate', l.expiration_date, 'goodStanding', l.good_standing, 'acknowledgement', l.acknowledgement, 'verified', l.verified_at IS NOT NULL)
      ORDER BY l.state, l.expiration_date) FILTER (WHERE l.id IS NOT NULL), '[]'))
  FROM clinicians c LEFT JOIN licences l ON l.clinician_id = c.id WHERE c.id::text = $1 GROUP BY c.id`;

/** What the Actor is built from besides the token: the revocation time, the clinician profile and its break-glass sessions. */
export interface Identity {
  validAfter: Date | null;
  clinician: ClinicianRow | null;
  /** Break-glass sessions not yet ended when loaded; the Actor keeps those still running at its own time. */
  breakGlass?: { patientId: string; expiresAt: string }[] | null;
}

/** The clinician's break-glass sessions not yet ended (migration 0026); inserting one notifies the identity cache. */
const BREAK_GLASS_JSON = `SELECT COALESCE(json_agg(json_build_object('patientId', b.patient_id, 'expiresAt', b.expires_at)), '[]')
  FROM break_glass_sessions b WHERE b.clinician_id::text = $1 AND b.expires_at > now()`;

/**
 * One round trip: the time before which this user's tokens are revoked (sign-out, INACTIVE, group change) and,
 * for users in a group, the clinician profile with its licences.
 */
export async function loadIdentity(pool: Pool, sub: string, withProfile: boolean): Promise<Identity> {
  const { rows } = await pool.query<Identity>(
    `SELECT (SELECT valid_after FROM session_revocations WHERE sub = $1) AS "validAfter",
            ${withProfile ? `(${CLINICIAN_JSON})` : 'NULL::json'} AS clinician,
            ${withProfile ? `(${BREAK_GLASS_JSON})` : 'NULL::json'} AS "breakGlass"`,
    [sub],
  );
  return rows[0];
}

/** Loads a user's Identity (the database, or an IdentityCache's load). */
export type IdentityLoader = (sub: string, withProfile: boolean) => Promise<Identity>;

export async function buildActor(pool: Pool, claims: IdTokenClaims, now = new Date(), load?: IdentityLoader): Promise<Actor> {
  const groups = Array.isArray(claims['cognito:groups']) ? claims['cognito:groups'].filter((g) => typeof g === 'string') : [];
  const roles = rolesFromGroups(groups);
  // Only users in a group may have a profile that matters; pending users get no profile query.
  const { validAfter, clinician, breakGlass } = await (load ? load(claims.sub, roles.length > 0) : loadIdentity(pool, claims.sub, roles.length > 0));
  if (isRevoked(claims, validAfter)) throw unauthorized('session ended, sign in again');
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
    // Only a licence-bound clinician's scope uses them (domain/scope.ts); an ended session is dropped here, without a write.
    breakGlass: isLicenceBound(roles) ? activeBreakGlass(breakGlass ?? [], now) : [],
  };
}

/**
 * The revocation rule. Cognito stamps a token in whole seconds: `iat` (when it was issued) and `auth_time` (when the
 * sign-in it belongs to happened; real Cognito keeps it across refreshes). A revocation at instant R (sign-out
 * everywhere, INACTIVE, group change) refuses every token whose sign-in second is R's second or earlier:
 * - the same second included, because a token stamped with R's second may have been issued before R and nothing in
 *   it says otherwise (`jti`, `event_id` and `origin_jti` are random ids, not times);
 * - by the sign-in time (the earlier of auth_time and iat), so that refreshing a sign-in made before R does not bring
 *   it back; cognito-local sets auth_time = iat at every issue.
 * The price: a new sign-in in the rest of R's second is refused as well. A sign-in is accepted from the next whole
 * second on (signInAcceptedFrom), which the sign-out answer tells the portal, so that it waits (under a second).
 */
export function isRevoked(claims: Pick<IdTokenClaims, 'iat' | 'auth_time'>, validAfter: Date | null): boolean {
  if (!validAfter) return false;
  return signInSecond(claims) <= Math.floor(validAfter.getTime() / 1000);
}

/** The whole second of the sign-in a token belongs to (0 when the token says nothing: always revoked). */
function signInSecond({ iat, auth_time: authTime }: Pick<IdTokenClaims, 'iat' | 'auth_time'>): number {
  const issued = typeof iat === 'number' ? iat : 0;
  return typeof authTime === 'number' ? Math.min(authTime, issued) : issued;
}

/** The first instant a sign-in is accepted after a revocation at `validAfter`: the next whole second. */
export const signInAcceptedFrom = (validAfter: Date) => new Date((Math.floor(validAfter.getTime() / 1000) + 1) * 1000);

/**
 * Ends every session of a user issued until now (sign-out everywhere, INACTIVE, group change): the revocation instant
 * is the statement's clock (not the transaction's start), never moved back. Answers the instant stored.
 */
export async function revokeSessions(db: Pick<Pool, 'query'>, sub: string): Promise<Date> {
  const { rows } = await db.query<{ validAfter: Date }>(
    `INSERT INTO session_revocations (sub, valid_after) VALUES ($1, clock_timestamp())
     ON CONFLICT (sub) DO UPDATE SET valid_after = GREATEST(session_revocations.valid_after, EXCLUDED.valid_after)
     RETURNING valid_after AS "validAfter"`,
    [sub],
  );
  return rows[0].validAfter;
}
