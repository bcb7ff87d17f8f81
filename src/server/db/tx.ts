import type { Pool, PoolClient } from 'pg';
import { requestAuditInScope } from '../audit/context';

/**
 * Runs fn in one transaction: committed when it resolves, rolled back (nothing changed) when it throws. Inside a
 * request, the request's audit row is inserted on the same client just before COMMIT, so the change and its audit
 * row commit or roll back together.
 */
export async function withTx<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const audit = requestAuditInScope()?.transaction();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await audit?.beforeCommit(client);
    await client.query('COMMIT');
    audit?.committed();
    return result;
  } catch (err) {
    audit?.rolledBack();
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
