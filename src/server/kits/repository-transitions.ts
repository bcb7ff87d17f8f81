import { describeKitProblems, planKitTransition, type KitAction, type LockedKitFacts } from '../../domain/kits/kits';
import { lastChanges } from '../audit/history';
import type { AccessContext } from '../auth/access-context';
import { scopeOf } from '../auth/scope';
import { conflict } from '../errors';
import { txClient } from '../lab/repository-lock';
import { prepared } from '../db/prepared';

/** A kit as a bulk transition locked it. */
export type LockedKit = LockedKitFacts;

/**
 * The bulk Manage Lab Order steps, inside the caller's `data.transaction`: the named kits locked in kit-id order (so
 * overlapping batches cannot deadlock) and checked all at once against the step (exist, in the Actor's scope, in the
 * step's source status and care location); the manifest, the status change, history and audit rows.
 */
export const kitTransitions = ({ db, actor, audit }: AccessContext) => ({
  /** Locks the kits; 409 naming every offending kit (and who moved one on meanwhile) unless all may take the step. */
  async lockForTransition(action: KitAction, kitIds: string[], careLocation?: string): Promise<LockedKit[]> {
    const client = txClient(db);
    const { rows } = await client.query<LockedKit>(
      prepared(
        `SELECT kit_id AS "kitId", status, care_location AS "careLocation", patient_state AS "patientState", patient_id AS "patientId"
           FROM kits WHERE kit_id = ANY($1::text[]) ORDER BY kit_id FOR UPDATE`,
        [kitIds],
      ),
    );
    const found = new Map(rows.map((r) => [r.kitId, r]));
    const problems = planKitTransition(action, kitIds, found, scopeOf(actor), careLocation);
    if (problems.length) {
      // A kit someone moved on meanwhile (another tab, a colleague) names who changed it, and how.
      const moved = problems.flatMap((p) => (p.problem === 'WRONG_STATUS' ? [p.kitId] : []));
      throw conflict(describeKitProblems(action, problems, await lastChanges(client, 'kit', moved)));
    }
    return kitIds.map((id) => found.get(id)!);
  },

  /** A shipping manifest of the kits (one care location), numbered MF-nnnnnn; answers its id. */
  async createManifest(kitIds: string[], m: { trackingNumber: string; provider: string; careLocation: string; comment: string }) {
    const client = txClient(db);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO shipping_manifests (id, tracking_number, provider, care_location, comment, created_by, created_by_name)
       VALUES ('MF-' || lpad(nextval('shipping_manifest_seq')::text, 6, '0'), $1, $2, $3, $4, $5, $6) RETURNING id`,
      [m.trackingNumber, m.provider, m.careLocation, m.comment, actor.sub, `${actor.givenName} ${actor.familyName}`],
    );
    await client.query(`INSERT INTO shipping_manifest_kits (manifest_id, kit_id) SELECT $1, unnest($2::text[])`, [rows[0].id, kitIds]);
    return rows[0].id;
  },

  /** Moves the locked kits from `from` to `to` (with the manifest's tracking number), one history and audit row per kit. */
  async moveKits(kits: LockedKit[], step: { from: readonly string[]; to: string; history: string }, comment: string, trackingNumber: string | null) {
    const client = txClient(db);
    const kitIds = kits.map((k) => k.kitId);
    // The status change and its history rows in one statement.
    const { rows } = await client.query<{ moved: number }>(
      prepared(
        `WITH moved AS (
         UPDATE kits SET status = $2, ship_manifest_num = COALESCE($3, ship_manifest_num)
          WHERE kit_id = ANY($1::text[]) AND status = ANY($4::text[]) RETURNING kit_id),
       history AS (
         INSERT INTO record_history (entity_type, entity_id, action, from_status, to_status, actor_sub, actor_name, comment)
         SELECT 'kit', k, $5, f, $2, $6, $7, $8 FROM unnest($1::text[], $9::text[]) AS t(k, f))
       SELECT count(*)::int AS moved FROM moved`,
        [
          kitIds,
          step.to,
          trackingNumber,
          step.from,
          step.history,
          actor.sub,
          `${actor.givenName} ${actor.familyName}`,
          comment,
          kits.map((k) => k.status),
        ],
      ),
    );
    // The rows are locked and were checked: anything else is a bug, and rolls everything back (the history rows too).
    if (rows[0].moved !== kits.length) throw conflict('nothing was changed: the kits changed while being updated');
    await audit.many(
      client,
      step.history,
      'kit',
      kits.map((k) => ({ entityId: k.kitId, patientId: k.patientId })),
    );
  },

  /** A refused batch: each kit on its own, so that the access log finds the refused batch by any one of its kits. */
  auditRefusedBatch: (historyAction: string, kitIds: string[]) =>
    audit.many(
      db,
      historyAction,
      'kit',
      kitIds.map((entityId) => ({ entityId, patientId: null })),
      'FAILED',
    ),
});
