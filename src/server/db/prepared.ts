import { createHash } from 'node:crypto';
import type { Pool, QueryConfig, QueryResult, QueryResultRow } from 'pg';

const names = new Map<string, string>();

/**
 * A named (server-side prepared) statement for SQL built from a bounded set of shapes, so each pooled
 * connection plans it once instead of on every request (list queries join five tables: ~1-6 ms to plan).
 */
export function prepared(text: string, values: unknown[]): QueryConfig {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return { name, text, values };
}

/**
 * Runs a named statement with its generic plan (planned once per connection). With PostgreSQL's default
 * (plan_cache_mode = auto) a statement whose custom plans look cheaper is planned again on every execution: the
 * dashboard's eighteen sub-selects took 3.5 ms to plan and ~1.9 ms to run, and their generic plan runs as fast
 * (tests/bench/api-lines.ts). The setting applies to this statement only: it is reset before the connection goes back
 * to the pool (a connection whose reset fails is closed).
 */
export async function queryGenericPlan<R extends QueryResultRow>(pool: Pool, config: QueryConfig): Promise<QueryResult<R>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    return await client.query<R>(config);
  } finally {
    await client.query('RESET plan_cache_mode').catch((err: Error) => {
      broken = err;
    });
    client.release(broken);
  }
}
