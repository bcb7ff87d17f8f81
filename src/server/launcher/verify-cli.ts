import path from 'node:path';
import { createPool } from '../db/client';
import { startEmbeddedPostgres } from './postgres';
import { describeAuditChain, verifyAuditChain } from '../audit/chain';

/**
 * `npm run audit:verify`: checks the whole audit hash chain of DATABASE_URL (the runtime role suffices), or of the
 * local portal's data in DATA_DIR (./data) while `npm start` is not running. Exit code 1 on a broken chain.
 */
const local = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: path.resolve(process.env.DATA_DIR ?? 'data', 'postgres') });
const pool = createPool(local ? local.runtimeUrlFor('portal') : String(process.env.DATABASE_URL), 2);
try {
  const status = await verifyAuditChain(pool);
  console.log(describeAuditChain(status));
  process.exitCode = status.ok ? 0 : 1;
} finally {
  await pool.end();
  await local?.stop();
}
