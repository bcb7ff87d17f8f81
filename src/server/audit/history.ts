import type { PoolClient } from 'pg';
import type { Actor } from '../auth/actor';

/**
 * Writes one status transition (or action) to a record's history, inside the caller's transaction. The actor is a
 * signed-in user, or a named system actor for background work (the transcription engine).
 */
export async function writeHistory(client: PoolClient, actor: Pick<Actor, 'sub' | 'givenName' | 'familyName'>, entry: {
  entityType: string; entityId: string; action: string; fromStatus?: string | null; toStatus?: string | null; comment?: string | null;
}): Promise<void> {
  await client.query(
    `INSERT INTO record_history (entity_type, entity_id, action, from_status, to_status, actor_sub, actor_name, comment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [entry.entityType, entry.entityId, entry.action, entry.fromStatus ?? null, entry.toStatus ?? null, actor.sub,
      `${actor.givenName} ${actor.familyName}`, entry.comment ?? null],
  );
}

/** The latest change of a record (who, which action), for the 409 of an action someone else's change overtook. */
export async function lastChange(client: PoolClient, entityType: string, entityId: string): Promise<{ by: string; action: string } | null> {
  const { rows } = await client.query<{ by: string | null; action: string }>(
    `SELECT actor_name AS by, action FROM record_history WHERE entity_type = $1 AND entity_id = $2 ORDER BY at DESC, id DESC LIMIT 1`,
    [entityType, entityId],
  );
  return rows[0] ? { by: rows[0].by ?? '', action: rows[0].action } : null;
}
