import type { Pool } from 'pg';
import { sharedCall, within } from '../db/async-calls';

/**
 * The data generations of migrations 0038 and 0043: per table, the sum of the counters that every transaction
 * changing that table (any instance, any writer, SQL included) bumps once, in the same transaction. They only grow;
 * an equal count means that no change to that table committed in between.
 */
export interface Generations {
  /** The sum over every table: equal totals mean that nothing changed anywhere. */
  total: number;
  /** Per table; a table never changed since migration 0043 is absent (count 0). */
  byTable: ReadonlyMap<string, number>;
}

export interface DataGeneration {
  /**
   * The generations as of a read that started after this call: every change committed before the call is counted.
   * Null when the database did not answer within the timeout (the caller then neither reuses nor keeps an answer).
   */
  read(): Promise<Generations | null>;
}

const BY_TABLE = 'SELECT table_name AS t, sum(n)::text AS n FROM data_generation GROUP BY table_name';

/**
 * Reads are shared (sharedCall): the callers that arrive while a read is on its way wait for the next one, which
 * starts when that one is done (a read already on its way may have started before they arrived), so under load one
 * query answers many requests.
 */
export function createDataGeneration(pool: Pool, opts: { timeoutMs?: number } = {}): DataGeneration {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const query = () =>
    within(
      pool.query<{ t: string; n: string }>({ name: 'data_generation_by_table', text: BY_TABLE }).then(
        (r) => {
          const byTable = new Map<string, number>();
          let total = 0;
          for (const { t, n } of r.rows) {
            byTable.set(t, Number(n));
            total += Number(n);
          }
          return { total, byTable };
        },
        () => null,
      ),
      timeoutMs,
      () => null,
    );
  return { read: sharedCall(query) };
}
