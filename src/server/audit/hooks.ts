import fastifyRequestContext from '@fastify/request-context';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { startAuditSealer } from './chain';
import { openRequestAudit } from './context';
import { assertRuntimeRole } from './runtime-role';

export interface AuditHookOptions {
  pool: Pool;
  /** How often the server seals new audit rows into the hash chain (ms); 0: never (the verifier still seals). */
  sealEveryMs?: number;
}

/**
 * One audit row per request for every request this instance sees (register it on the root or on the encapsulated
 * plugin that holds the /secure and /api routes). Handlers only record facts (writeAudit, writeAuditMany); the row
 * is written inside the request's write transaction (withTx) or, for reads and refusals, in onSend, before any PHI
 * leaves. onResponse covers responses that never passed onSend. At start the database role is checked: a role that
 * could edit the audit trail is refused.
 */
export async function installAuditHooks(app: FastifyInstance, { pool, sealEveryMs = 1000 }: AuditHookOptions): Promise<void> {
  // AsyncLocalStorage per request, so withTx finds the request's audit without being handed the request.
  await app.register(fastifyRequestContext, { defaultStoreValues: (req) => ({ audit: openRequestAudit(req, pool) }) });

  app.addHook('onSend', async (req, reply, payload) => {
    await openRequestAudit(req, pool).beforeSend(payload, reply.statusCode);
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    await openRequestAudit(req, pool)
      .afterResponse(reply.statusCode)
      .catch((err: Error) => req.log.error({ err: { message: err.message } }, 'audit row not written'));
  });

  let sealer: { stop(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    await assertRuntimeRole(pool);
    if (sealEveryMs > 0) {
      sealer = startAuditSealer(pool, sealEveryMs, (err) => app.log.error({ err: { message: (err as Error).message } }, 'audit sealing failed'));
    }
  });
  app.addHook('onClose', async () => {
    await sealer?.stop();
  });
}
