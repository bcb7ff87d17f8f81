import type { Pool, PoolClient } from 'pg';
import type { KitListQuery } from '../../domain/kits';
import { prepared } from '../db/prepared';
import { pageAndTotal } from '../db/rows';
import { KIT_DETAIL_SQL, kitListSql, type KitListFilter } from './list-query';
import type { KitDbRow, KitDetailDbRow } from './rows';
import type { Actor } from '../auth/actor';

type Db = Pool | PoolClient;

/**
 * Every SQL statement the kit routes run themselves (the tuned list SQL is built in list-query.ts; the actions,
 * labels, manifests, PASS and lab orders keep theirs in their own modules).
 */

/** One page of kits matching the filter, in the actor's scope (the list SQL masks nothing: toKitRow does). */
export async function kitPage(db: Db, actor: Actor, filter: KitListFilter, q: Pick<KitListQuery, 'page' | 'perPage' | 'sort' | 'order'>) {
  return pageAndTotal<KitDbRow>(db, kitListSql(filter, q, q, actor));
}

/** The kit detail row, or undefined. */
export async function kitDetail(db: Db, kitId: string): Promise<KitDetailDbRow | undefined> {
  const { rows } = await db.query<KitDetailDbRow>(prepared(KIT_DETAIL_SQL, [kitId]));
  return rows[0];
}

/** A patient's state (the licence scope of the patient's records), or undefined for an unknown patient. */
export async function patientStateOf(db: Db, patientId: string): Promise<{ state: string | null } | undefined> {
  const { rows } = await db.query<{ state: string | null }>(`SELECT state FROM patients WHERE id = $1`, [patientId]);
  return rows[0];
}
