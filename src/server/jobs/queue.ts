import PgBoss from 'pg-boss';
import type { Pool, PoolClient } from 'pg';

/**
 * Background jobs in PostgreSQL (pg-boss 10): jobs survive a restart, and a job sent inside a transaction commits
 * or rolls back with it. The owner role installs pg-boss's schema and creates the queues (installJobQueue, run with
 * the migrations); the server's runtime role only sends, fetches and completes jobs (migrate: false).
 */
export const JOB_SCHEMA = 'pgboss';

/** The queues this server uses, with their retry and expiry policy. */
export const QUEUES = {
  /** Runs one transcription through its engine: start, then re-sent to itself until the output is in. */
  transcription: { name: 'transcription', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 * 60 },
  /** Deletes recorded audio past its retention period (hourly). */
  transcriptionRetention: { name: 'transcription-retention', retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
  /** The local pharmacy (e-prescribing sandbox): moves one order one state on, then re-sends itself for the next state. */
  localPharmacy: { name: 'local-pharmacy', retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
} as const satisfies Record<string, PgBoss.Queue>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

/** pg-boss on one of our connections (pool or transaction client): no second pool, and sends inside our transactions. */
const dbOf = (db: Pool | PoolClient): PgBoss.Db => ({ executeSql: (text, values) => db.query(text, values) });

/**
 * As the owner (with the migrations): installs or migrates pg-boss's schema, creates the queues and lets the
 * runtime group role (portal_app, when it exists) use them without owning them.
 */
export async function installJobQueue(owner: Pool): Promise<void> {
  const boss = new PgBoss({ db: dbOf(owner), schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    for (const queue of Object.values(QUEUES)) await boss.createQueue(queue.name, { ...queue, policy: 'standard' });
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
  await owner.query(`DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN
      GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO portal_app;
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} TO portal_app;
      GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${JOB_SCHEMA} TO portal_app;
    END IF;
  END $$`);
}

/** A job as its handler sees it: its data, and how often it was already retried (pg-boss retries a throwing handler). */
export type JobHandler<T> = (job: { id: string; data: T; retryCount: number; retryLimit: number }) => Promise<void>;

export interface JobQueue {
  /** Sends a job; with `db` (a transaction's client) the job exists only if that transaction commits. */
  send(queue: QueueName, data: object, opts?: { startAfterSeconds?: number; db?: Pool | PoolClient }): Promise<void>;
  /** Handles the queue's jobs one at a time on this server (polling every pollingIntervalSeconds, default the queue's). */
  work<T extends object>(queue: QueueName, handler: JobHandler<T>, opts?: { pollingIntervalSeconds?: number }): Promise<void>;
  /** Runs the queue's job on a cron schedule (one instance of the job per slot, whatever the number of servers). */
  schedule(queue: QueueName, cron: string): Promise<void>;
  /** Stops fetching, lets a running job finish (up to timeoutMs), and stops. */
  stop(timeoutMs?: number): Promise<void>;
  /** Started and not stopped (readiness). */
  readonly running: boolean;
}

/** The runtime's queue on the app's pool; errors go to `onError` (never job data: it holds only ids anyway). */
export async function startJobQueue(pool: Pool, opts: { onError(err: Error): void; pollingIntervalSeconds?: number }): Promise<JobQueue> {
  const boss = new PgBoss({
    db: dbOf(pool),
    schema: JOB_SCHEMA,
    migrate: false,
    supervise: true,
    schedule: true,
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
  });
  boss.on('error', opts.onError);
  let running = false;
  boss.on('stopped', () => {
    running = false;
  });
  await boss.start();
  running = true;
  return {
    get running() {
      return running;
    },
    async send(queue, data, o = {}) {
      await boss.send(queue, data, { startAfter: o.startAfterSeconds, db: o.db ? dbOf(o.db) : undefined });
    },
    async work<T extends object>(queue: QueueName, handler: JobHandler<T>, w: { pollingIntervalSeconds?: number } = {}) {
      const pollingIntervalSeconds = w.pollingIntervalSeconds ?? opts.pollingIntervalSeconds ?? 2;
      await boss.work<T>(queue, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds }, async ([job]) => {
        await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
      });
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron);
    },
    async stop(timeoutMs = 30_000) {
      running = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
}
