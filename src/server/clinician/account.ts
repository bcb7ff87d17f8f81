import type { Pool } from 'pg';
import { z } from 'zod';
import { account, read } from '../../domain/route-access';
import { writeAudit } from '../audit/audit';
import { revokeSessions, signInAcceptedFrom } from '../auth/actor';
import { actorOf } from '../auth/secure-plugin';
import { errorBody, type ZodApp } from '../http/validation';
import { accountStatusSchema } from './schemas';

const err = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The signed-in user's own account: its status (even pending or INACTIVE) and signing out everywhere. */
export function accountRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  app.get('/secure/account/status', {
    config: read('signedIn', { allowInactive: true }),
    schema: { tags: ['account'], response: { 200: accountStatusSchema, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    // The user's name from the token, for the PHI access log (written only when it changed).
    await pool.query(
      `INSERT INTO portal_users (sub, given_name, family_name) VALUES ($1, $2, $3)
       ON CONFLICT (sub) DO UPDATE SET given_name = EXCLUDED.given_name, family_name = EXCLUDED.family_name, updated_at = now()
        WHERE (portal_users.given_name, portal_users.family_name) IS DISTINCT FROM (EXCLUDED.given_name, EXCLUDED.family_name)`,
      [actor.sub, actor.givenName, actor.familyName]);
    return { sub: actor.sub, groups: actor.groups, roles: actor.roles, pending: actor.groups.length === 0 };
  });

  /**
   * Ends every session of the caller on the server: tokens issued until now (this second included, see isRevoked)
   * are refused from the next request. signInAfter: from when a new sign-in is accepted (the next whole second).
   */
  app.post('/secure/account/signOut', {
    config: account('signedIn', { allowInactive: true }),
    schema: { tags: ['account'], response: { 200: z.object({ signedOut: z.literal(true), signInAfter: z.string() }), ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const revokedAt = await revokeSessions(pool, actor.sub);
    await writeAudit(pool, req, { action: 'SIGN_OUT', entityType: 'session', entityId: actor.sub, outcome: 'SUCCESS' });
    return { signedOut: true as const, signInAfter: signInAcceptedFrom(revokedAt).toISOString() };
  });
}
