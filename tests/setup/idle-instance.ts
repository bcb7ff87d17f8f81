import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import { createPool } from '../../src/server/db/client';
import type { IdleSettings } from '../../src/domain/shared/session';

/** Idle settings of the e2e idle-logoff instance: warned after 5 s without activity, signed out after 8 s. */
export const E2E_IDLE: IdleSettings = { timeoutSeconds: 8, warningSeconds: 3 };

/**
 * A second API instance on the e2e stack (same database, identity emulator and built portal) whose
 * /config.json carries short idle settings, as an operator would set IDLE_TIMEOUT_SECONDS / IDLE_WARNING_SECONDS.
 */
export async function startIdleInstance(config: ServerConfig): Promise<{ url: string; stop(): Promise<void> }> {
  const pool = createPool(config.databaseUrl, 5);
  let app: FastifyInstance;
  try {
    app = await buildApp({ config: { ...config, port: 0, idle: E2E_IDLE }, pool, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    async stop() {
      await app.close();
      await pool.end();
    },
  };
}
