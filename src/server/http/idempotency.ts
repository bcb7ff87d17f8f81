import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
import { writeAudit } from '../audit/audit';
import { actorOf } from '../auth/secure-plugin';
import { ApiError, badRequest, conflict } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A double-submittable creation: a repeated Idempotency-Key gets the first answer (installIdempotency). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set while this request holds its key: its answer is stored in onSend. */
    idempotencyClaim?: { actorSub: string; key: string };
  }
}

export interface IdempotencyOptions {
  pool: Pool;
  /** How long a repeated key waits for the first request's answer before a 409 (ms). */
  waitMs?: number;
  /** How long keys and their answers are kept (hours); a key older than that starts afresh. */
  retainHours?: number;
}

export const KEY_REUSED_TEXT = 'this Idempotency-Key was already used for a different request';
export const KEY_IN_PROGRESS_TEXT =
  'a request with this Idempotency-Key is still in progress; if it does not complete, check whether it took effect before starting again';

const POLL_MS = 25;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const keySchema = z.uuid();

interface StoredKey {
  route: string;
  request_hash: string;
  request_id: string;
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
}

/**
 * Safe retries for the routes that declare `config: { idempotent: true }` (creations a double click or a flaky
 * network can send twice). When the request carries an Idempotency-Key header (a UUID), the first request with that
 * key for that user claims it and its answer (status, content type, body) is stored; a repeated key then gets that
 * answer back (header `idempotent-replayed: true`) instead of running the handler again. A duplicate sent while the
 * first is still running waits for its answer (up to `waitMs`, then 409); the same key with another route, path or
 * body is refused with 422. Without the header the route behaves as before.
 *
 * The claim is committed before the handler runs, so two concurrent duplicates can never both run it. If the server
 * dies between the handler's commit and storing the answer, the key stays "in progress" until it expires: retries
 * get the 409 above, never a second record.
 *
 * Install it on the encapsulated instance that holds the routes, after the hooks that set the Actor (it runs in
 * preHandler, after authentication and validation: a refused or invalid request claims nothing).
 */
export function installIdempotency(app: FastifyInstance, { pool, waitMs = 10_000, retainHours = 24 }: IdempotencyOptions): void {
  app.addHook('preHandler', async (req, reply) => {
    if (!req.routeOptions.config.idempotent) return;
    const header = req.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    const key = keySchema.safeParse(header);
    if (!key.success) throw badRequest(`header ${IDEMPOTENCY_KEY_HEADER} must be a UUID`);
    const actorSub = actorOf(req).sub;
    const route = `${req.method} ${req.routeOptions.url}`;
    const requestHash = hashOf(req);
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await claim(pool, { actorSub, key: key.data, route, requestHash, requestId: req.id, retainHours })) {
        req.idempotencyClaim = { actorSub, key: key.data };
        return;
      }
      const first = await stored(pool, actorSub, key.data);
      if (!first) continue; // expired and swept meanwhile: claim it again
      if (first.route !== route || first.request_hash !== requestHash) throw new ApiError(422, 'Unprocessable request', KEY_REUSED_TEXT);
      if (first.status_code !== null) return replay(pool, req, reply, first);
      if (Date.now() > deadline) throw conflict(KEY_IN_PROGRESS_TEXT);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const held = req.idempotencyClaim;
    if (!held) return payload;
    req.idempotencyClaim = undefined;
    // Every answer is kept, refusals and errors too: the portal only repeats a key when no answer reached it.
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    await pool.query(
      `UPDATE idempotency_keys SET status_code = $3, content_type = $4, response_body = $5, completed_at = now()
        WHERE actor_sub = $1 AND key = $2`,
      [held.actorSub, held.key, reply.statusCode, String(reply.getHeader('content-type') ?? ''), body],
    );
    return payload;
  });

  const sweeper = setInterval(() => {
    pool
      .query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [retainHours])
      .catch((err: Error) => app.log.warn({ err: { message: err.message } }, 'idempotency key sweep failed'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
}

/** sha256 over method, path with query, and the exact body text (what the api-key header is derived from too). */
function hashOf(req: FastifyRequest): string {
  const body = req.rawBody ?? (req.body === undefined ? '' : JSON.stringify(req.body));
  return createHash('sha256').update(`${req.method}\n${req.url}\n${body}`).digest('hex');
}

/** Inserts the key (or takes over an expired one); true when this request now holds it. */
async function claim(pool: Pool, k: { actorSub: string; key: string; route: string; requestHash: string; requestId: string; retainHours: number }) {
  const { rowCount } = await pool.query(
    `INSERT INTO idempotency_keys (actor_sub, key, route, request_hash, request_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (actor_sub, key) DO UPDATE SET route = EXCLUDED.route, request_hash = EXCLUDED.request_hash,
       request_id = EXCLUDED.request_id, status_code = NULL, content_type = NULL, response_body = NULL, created_at = now(), completed_at = NULL
     WHERE idempotency_keys.created_at < now() - make_interval(hours => $6)`,
    [k.actorSub, k.key, k.route, k.requestHash, k.requestId, k.retainHours],
  );
  return rowCount === 1;
}

async function stored(pool: Pool, actorSub: string, key: string): Promise<StoredKey | undefined> {
  const { rows } = await pool.query<StoredKey>(
    `SELECT route, request_hash, request_id, status_code, content_type, response_body FROM idempotency_keys WHERE actor_sub = $1 AND key = $2`,
    [actorSub, key],
  );
  return rows[0];
}

/** The first answer again; the audit row of this request points at the first request (whose row names the records). */
async function replay(pool: Pool, req: FastifyRequest, reply: FastifyReply, first: StoredKey) {
  await writeAudit(pool, req, {
    action: 'REPLAY',
    entityType: 'request',
    entityId: first.request_id,
    outcome: 'SUCCESS',
  });
  reply.code(first.status_code as number).header('idempotent-replayed', 'true');
  if (first.content_type) reply.header('content-type', first.content_type);
  return reply.send(first.response_body ?? undefined);
}
