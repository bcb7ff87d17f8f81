import type { Pool } from 'pg';
import { z } from 'zod';
import { read, SUPER_ADMIN_ROLES, write } from '../../domain/route-access';
import {
  addToGroupBodySchema, addToGroupParamsSchema, addToGroupResultSchema, pendingSignUpSchema, SIGN_UP_GROUPS, SIGN_UP_TEXT_NOT_PENDING, type PendingSignUp,
} from '../../domain/sign-ups';
import type { IdentityAdmin, IdentityUser } from '../adapters/identity';
import { writeAudit } from '../audit/audit';
import { writeHistory } from '../audit/history';
import { revokeSessions } from '../auth/actor';
import { actorOf } from '../auth/secure-plugin';
import { withTx } from '../db/tx';
import { conflict, notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['super-admin'];

/** The subs of every member of the portal's groups. */
async function groupMembers(identity: IdentityAdmin): Promise<Set<string>> {
  return new Set((await Promise.all(SIGN_UP_GROUPS.map((g) => identity.groupMembers(g)))).flat());
}

/** A pending sign-up: a confirmed, enabled account in none of the portal's groups. */
const isPending = (u: IdentityUser, inGroup: Set<string>) => u.status === 'CONFIRMED' && u.enabled && !inGroup.has(u.sub);

/** The pending sign-ups, with their clinician profile's name when there is one. */
async function pendingSignUps(pool: Pool, identity: IdentityAdmin): Promise<PendingSignUp[]> {
  const [users, inGroup] = await Promise.all([identity.listUsers(), groupMembers(identity)]);
  const pending = users.filter((u) => isPending(u, inGroup));
  if (!pending.length) return [];
  const { rows } = await pool.query<{ id: string; firstName: string; lastName: string }>(
    `SELECT id::text, first_name AS "firstName", last_name AS "lastName" FROM clinicians WHERE id::text = ANY($1::text[])`,
    [pending.map((u) => u.sub)]);
  const profiles = new Map(rows.map((r) => [r.id, r]));
  return pending
    .map((u) => {
      const p = profiles.get(u.sub);
      return { id: u.sub, email: u.email, firstName: p?.firstName ?? u.givenName, lastName: p?.lastName ?? u.familyName, hasProfile: !!p, createdAt: u.createdAt };
    })
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}

/**
 * Pending sign-ups: the super admin lists the accounts waiting on the pending-review screen and adds one to
 * a Cognito group (locally the emulator's admin API). The user's current tokens are ended, so their next sign-in
 * carries the group and reaches the portal.
 */
export function signUpRoutes(app: ZodApp, { pool, identity }: { pool: Pool; identity: IdentityAdmin }) {
  app.get('/secure/admin/pendingSignUps', {
    config: read(SUPER_ADMIN_ROLES),
    schema: { tags, response: { 200: z.array(pendingSignUpSchema), ...err } },
  }, async (req) => {
    const list = await pendingSignUps(pool, identity);
    await writeAudit(pool, req, { action: 'READ', entityType: 'account', outcome: 'SUCCESS' });
    return list;
  });

  app.post('/secure/admin/pendingSignUps/:id/group', {
    config: write(SUPER_ADMIN_ROLES),
    schema: { tags, params: addToGroupParamsSchema, body: addToGroupBodySchema, response: { 200: addToGroupResultSchema, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const { id } = req.params;
    const { group } = req.body;
    const user = await identity.findBySub(id);
    if (!user) throw notFound('no such account');
    await withTx(pool, async (client) => {
      // Only a pending sign-up, and so once: an account already in a group is never given a second one here. The lock
      // makes a double submit wait for the first call, which then finds the account in its group.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('pending-sign-up:' || $1))`, [id]);
      if (!isPending(user, await groupMembers(identity))) throw conflict(SIGN_UP_TEXT_NOT_PENDING);
      await writeHistory(client, actor, { entityType: 'account', entityId: id, action: 'GROUP_ADDED', comment: `group ${group}` });
      await writeAudit(client, req, { action: 'UPDATE', entityType: 'account', entityId: id, outcome: 'SUCCESS' });
      await revokeSessions(client, id);
      // Last, so a refused call rolls the history back; the group is added only when the rest is written.
      try {
        await identity.addUserToGroup(user.username, group);
      } catch (e) {
        // deleted meanwhile (the emulator's code, the SDK's name)
        const name = (e as { code?: string; name?: string }).code ?? (e as Error).name;
        if (name === 'UserNotFoundException') throw notFound('no such account');
        throw e;
      }
    });
    return { id, group };
  });
}
