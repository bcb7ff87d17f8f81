import type { PoolClient } from 'pg';
import { changedByReason, type RecordChange } from '../../domain/live/live';
import type { Actor } from '../auth/actor';
import { ApiError } from '../errors';
import { prepared } from '../db/prepared';

/**
 * Writes one status transition (or action) to a record's history, inside the caller's transaction. The actor is a
 * signed-in user, or a named system actor for background work (the transcription engine).
 */
export async function writeHistory(
  client: PoolClient,
  actor: Pick<Actor, 'sub' | 'givenName' | 'familyName'>,
  entry: {
    entityType: string;
    entityId: string;
    action: string;
    fromStatus?: string | null;
    toStatus?: string | null;
    comment?: string | null;
  },
): Promise<void> {
  await client.query(
    prepared(
      `INSERT INTO record_history (entity_type, entity_id, action, from_status, to_status, actor_sub, actor_name, comment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        entry.entityType,
        entry.entityId,
        entry.action,
        entry.fromStatus ?? null,
        entry.toStatus ?? null,
        actor.sub,
        `${actor.givenName} ${actor.familyName}`,
        entry.comment ?? null,
      ],
    ),
  );
}

/** The latest change of a record (who, which action), for the 409 of an action someone else's change overtook. */
export async function lastChange(client: PoolClient, entityType: string, entityId: string): Promise<RecordChange | null> {
  const { rows } = await client.query<{ by: string | null; action: string }>(
    `SELECT actor_name AS by, action FROM record_history WHERE entity_type = $1 AND entity_id = $2 ORDER BY at DESC, id DESC LIMIT 1`,
    [entityType, entityId],
  );
  return rows[0] ? { by: rows[0].by ?? '', action: rows[0].action } : null;
}

/** The latest change of each of several records of one type (bulk actions), by record id. */
export async function lastChanges(client: PoolClient, entityType: string, entityIds: readonly string[]): Promise<Map<string, RecordChange>> {
  if (!entityIds.length) return new Map();
  const { rows } = await client.query<{ id: string; by: string | null; action: string }>(
    `SELECT DISTINCT ON (entity_id) entity_id AS id, actor_name AS by, action FROM record_history
      WHERE entity_type = $1 AND entity_id = ANY($2::text[]) ORDER BY entity_id, at DESC, id DESC`,
    [entityType, entityIds],
  );
  return new Map(rows.map((r) => [r.id, { by: r.by ?? '', action: r.action }]));
}

/**
 * The 409 of an action on a record someone changed meanwhile (another user, another tab): the refusal's reason, and who
 * changed the record last and how (src/domain/live/live.ts changedByReason). `msg` is the answer's msg: 'Conflict', or the
 * spec's refusal text where the spec makes it the msg (bookings).
 */
export async function changedConflict(client: PoolClient, record: { entityType: string; entityId: string }, reason: string, msg = 'Conflict') {
  return new ApiError(409, msg, changedByReason(reason, await lastChange(client, record.entityType, record.entityId)));
}
