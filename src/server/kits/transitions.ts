import type { Pool, PoolClient } from 'pg';
import {
  describeKitProblems, KIT_TEXTS, KIT_TRANSITIONS, planKitTransition, type KitAction, type LockedKitFacts,
} from '../../domain/kits';
import type { Auditor } from '../audit/auditor';
import { assertProductOrderAccess } from '../auth/access';
import type { Actor } from '../auth/actor';
import { lastChanges } from '../audit/history';
import { withTx } from '../db/tx';
import { ApiError, badRequest, conflict } from '../errors';
import { scopeOf } from '../auth/scope';

export interface KitActionInput {
  kitIds: string[];
  comment: string;
  careLocation?: string;
  manifest?: { trackingNumber: string; provider: string };
}

type LockedKit = LockedKitFacts;

/** History rows of a bulk transition in one statement (same columns as writeHistory). */
async function writeKitHistory(client: PoolClient, actor: Actor, action: string, kits: LockedKit[], to: string, comment: string) {
  await client.query(
    `INSERT INTO record_history (entity_type, entity_id, action, from_status, to_status, actor_sub, actor_name, comment)
     SELECT 'kit', k, $1, f, $2, $3, $4, $5 FROM unnest($6::text[], $7::text[]) AS t(k, f)`,
    [action, to, actor.sub, `${actor.givenName} ${actor.familyName}`, comment, kits.map((k) => k.kitId), kits.map((k) => k.status)],
  );
}

/**
 * One bulk lab-order action (cancel, approve, manifest, confirm shipment), all or nothing: the named kits are
 * locked in kit-id order (so overlapping batches cannot deadlock), every one must exist, be in the actor's scope,
 * be in the action's source status and in the chosen care location; otherwise nothing changes and the answer is
 * 409 naming the offending kits. A concurrent second attempt waits for the lock, then sees the new status: 409.
 */
export async function transitionKits(pool: Pool, audit: Auditor, actor: Actor, action: KitAction, input: KitActionInput) {
  assertProductOrderAccess(actor);
  const t = KIT_TRANSITIONS[action];
  if (action === 'manifest' && !input.manifest) throw badRequest(KIT_TEXTS.trackingNumberRequired);
  try {
    return await withTx(pool, async (client) => {
      const { rows } = await client.query<LockedKit>(
        `SELECT kit_id AS "kitId", status, care_location AS "careLocation", patient_state AS "patientState", patient_id AS "patientId"
           FROM kits WHERE kit_id = ANY($1::text[]) ORDER BY kit_id FOR UPDATE`,
        [input.kitIds],
      );
      const found = new Map(rows.map((r) => [r.kitId, r]));
      const problems = planKitTransition(action, input.kitIds, found, scopeOf(actor), input.careLocation);
      if (problems.length) {
        // A kit someone moved on meanwhile (another tab, a colleague) names who changed it, and how.
        const moved = problems.flatMap((p) => (p.problem === 'WRONG_STATUS' ? [p.kitId] : []));
        throw conflict(describeKitProblems(action, problems, await lastChanges(client, 'kit', moved)));
      }
      const kits = input.kitIds.map((id) => found.get(id)!);

      let manifestId: string | undefined;
      if (action === 'manifest' && input.manifest) {
        const locations = [...new Set(kits.map((k) => k.careLocation))];
        if (locations.length > 1) throw conflict(`nothing was changed: a manifest holds the kits of one care location, these span ${locations.join(', ')}`);
        const { rows: m } = await client.query<{ id: string }>(
          `INSERT INTO shipping_manifests (id, tracking_number, provider, care_location, comment, created_by, created_by_name)
           VALUES ('MF-' || lpad(nextval('shipping_manifest_seq')::text, 6, '0'), $1, $2, $3, $4, $5, $6) RETURNING id`,
          [input.manifest.trackingNumber, input.manifest.provider, locations[0], input.comment, actor.sub, `${actor.givenName} ${actor.familyName}`],
        );
        manifestId = m[0].id;
        await client.query(`INSERT INTO shipping_manifest_kits (manifest_id, kit_id) SELECT $1, unnest($2::text[])`, [manifestId, input.kitIds]);
      }

      const updated = await client.query(
        `UPDATE kits SET status = $2, ship_manifest_num = COALESCE($3, ship_manifest_num)
          WHERE kit_id = ANY($1::text[]) AND status = ANY($4::text[])`,
        [input.kitIds, t.to, input.manifest?.trackingNumber ?? null, t.from],
      );
      // The rows are locked and were checked: anything else is a bug, and rolls everything back.
      if (updated.rowCount !== kits.length) throw conflict('nothing was changed: the kits changed while being updated');
      await writeKitHistory(client, actor, t.history, kits, t.to, input.comment);
      await audit.many(client, t.history, 'kit', kits.map((k) => ({ entityId: k.kitId, patientId: k.patientId })));
      return { kitIds: input.kitIds, status: t.to, count: kits.length, ...(manifestId ? { manifestId } : {}), message: KIT_TEXTS.success[action] };
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) {
      // Each kit on its own, so that the access log finds the refused batch by any one of its kits.
      await audit.many(pool, t.history, 'kit', input.kitIds.map((entityId) => ({ entityId, patientId: null })), 'FAILED');
    }
    throw err;
  }
}
