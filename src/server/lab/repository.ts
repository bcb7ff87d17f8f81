import type { InferSelectModel } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import type { LabListQuery } from '../../domain/lab-api';
import type { Actor } from '../auth/actor';
import { pageAndTotal } from '../db/rows';
import type { kits, testResults } from '../db/schema';
import { labListSql, type LabKind } from './list-query';
import type { LabDbRow } from './rows';

type Db = Pool | PoolClient;
type Kit = InferSelectModel<typeof kits>;
type TestResult = InferSelectModel<typeof testResults>;

/**
 * Every SQL statement the lab routes run themselves (the tuned list SQL is built in list-query.ts; the actions keep
 * theirs in request-service.ts and result-service.ts).
 */

/** One page of lab requests or lab results for the actor (scope and filters in the SQL). */
export async function labPage(db: Db, kind: LabKind, query: LabListQuery, actor: Actor) {
  const sql = labListSql(kind, query, actor);
  return pageAndTotal<LabDbRow>(db, sql);
}

/** What the result form starts from: the kit and its result lines so far (columns as the table has them). */
export interface ResultFormDbRow {
  kit_id: Kit['kitId']; product_name: Kit['productName']; lab_name: Kit['labName']; patient_id: Kit['patientId'];
  patient_state: Kit['patientState']; results: TestResult['results'] | null;
}

export async function resultFormRow(db: Db, kitId: string): Promise<ResultFormDbRow | undefined> {
  const { rows } = await db.query<ResultFormDbRow>(
    `SELECT k.kit_id, k.product_name, k.lab_name, k.patient_id, k.patient_state, tr.results
       FROM kits k LEFT JOIN test_results tr ON tr.kit_id = k.kit_id WHERE k.kit_id = $1`, [kitId]);
  return rows[0];
}
