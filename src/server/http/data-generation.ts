import type { Pool } from 'pg';
import { sharedCall, within } from '../db/async-calls';

/**
 * The data generation of migration 0038: the sum of the counters that every transaction changing a table (any
 * instance, any writer, SQL included) bumps once, in the same transaction. It only grows; equal sums mean that no
 * change committed in between.
 */
export interface DataGeneration {
  /**
   * The generation as of a read that started after this call: every change committed before the call is counted.
   * Null when the database did not answer within the timeout (the caller then neither reuses nor keeps an answer).
   */
  read(): Promise<number | null>;
}

const SUM = 'SELECT COALESCE(sum(n), 0)::text AS g FROM data_generation';

/**
 * Reads are shared (sharedCall): the callers that arrive while a read is on its way wait for the next one, which
 * starts when that one is done (a read already on its way may have started before they arrived), so under load one
 * query answers many requests.
 */
export function createDataGeneration(pool: Pool, opts: { timeoutMs?: number } = {}): DataGeneration {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const query = () =>
    within(
      pool.query<{ g: string }>({ name: 'data_generation_sum', text: SUM }).then(
        (r) => Number(r.rows[0].g),
        () => null,
      ),
      timeoutMs,
      () => null,
    );
  return { read: sharedCall(query) };
}
