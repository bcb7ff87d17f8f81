import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Pool } from 'pg';
import { within } from '../db/async-calls';
import { MIGRATIONS_DIR } from '../db/client';

export const HEALTH_LIVE = '/health/live';
export const HEALTH_READY = '/health/ready';
/** The first health route, kept for existing load balancers: the database check alone. */
export const HEALTH = '/health';

/** What readiness depends on besides the database; each part reports whether it works now. */
export interface ReadinessParts {
  pool: Pool;
  /** The notification connections (identity cache, live updates, response cache): each must be listening. */
  listeners: Record<string, { readonly active: boolean }>;
  jobs: { readonly running: boolean };
  /** The migration files the server was built with (default: its own migrations folder). */
  migrationsDir?: string;
}

/** How long a database check may take before it counts as failing (a hung database must not hang the check). */
const CHECK_TIMEOUT_MS = 2000;

/** The `when` of the last migration in the journal: what the database's last applied migration must be. */
function headMigration(dir: string): number {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** `work`, or a failure when it has not answered within CHECK_TIMEOUT_MS. */
const withTimeout = <T>(work: Promise<T>) =>
  within(work, CHECK_TIMEOUT_MS, () => {
    throw new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`);
  });

/** Each check answers 'ok' or why not (no connection strings or data: a reason a person can act on). */
export function readinessChecks(parts: ReadinessParts) {
  const head = headMigration(parts.migrationsDir ?? MIGRATIONS_DIR);
  return {
    /** A round trip with the runtime role on the pool the requests use. */
    database: async () => {
      await withTimeout(parts.pool.query('SELECT 1'));
      return 'ok';
    },
    /** The last migration applied is the last one of the files this server was built with. */
    migrations: async () => {
      const { rows } = await withTimeout(
        parts.pool.query<{ at: string | null }>('SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations'),
      );
      const applied = Number(rows[0]?.at ?? 0);
      if (applied === head) return 'ok';
      return applied < head ? 'behind: the database lacks migrations of this server' : 'ahead: the database has migrations this server does not know';
    },
    listeners: async () => {
      const down = Object.entries(parts.listeners)
        .filter(([, l]) => !l.active)
        .map(([name]) => name);
      return down.length === 0 ? 'ok' : `not listening: ${down.join(', ')}`;
    },
    jobQueue: async () => (parts.jobs.running ? 'ok' : 'not running'),
  };
}

/**
 * Liveness and readiness. /health/live: the process answers (a restart is the only cure for no answer).
 * /health/ready: this instance can serve: the database answers the runtime role, its migrations are at this server's
 * head, every notification connection listens, and the job queue runs; otherwise 503 with the failing checks. While
 * draining (graceful-shutdown.ts) /health/ready and /health answer 503 first. /health keeps its first meaning (the
 * database alone). None of them is rate limited or audited: a load balancer checks from one address, often.
 */
export function healthRoutes(app: FastifyInstance, parts: ReadinessParts): void {
  const checks = readinessChecks(parts);
  const route = { schema: { hide: true }, config: { rateLimit: false } } as const;
  app.get(HEALTH_LIVE, route, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get(HEALTH_READY, route, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          return [name, await check()] as const;
        } catch (err) {
          // The error's text stays in the log: the answer is public (a load balancer reads it).
          app.log.warn({ check: name, err: { message: (err as Error).message } }, 'readiness check failed');
          return [name, 'failing'] as const;
        }
      }),
    );
    const failing = results.filter(([, result]) => result !== 'ok').map(([name]) => name);
    const body = { status: failing.length === 0 ? 'ok' : 'unavailable', checks: Object.fromEntries(results), failing };
    return reply.status(failing.length === 0 ? 200 : 503).send(body);
  });
  app.get(HEALTH, route, async (_req, reply) => {
    try {
      await checks.database();
      return { status: 'ok', db: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', db: 'unreachable' });
    }
  });
}
