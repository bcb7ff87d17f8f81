import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from 'pg';
import { ROLES } from '../../domain/shared/roles';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { createPool, migrateDatabase } from '../db/client';
import { DEFAULT_SHUTDOWN, installGracefulShutdown, type GracefulShutdown } from '../http/graceful-shutdown';
import { DEMO_SCALE, isSeeded, seedDemoData, type SeedScale } from '../db/seed/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/demo-users';
import { startCognitoLocal, type CognitoLocal } from './cognito';
import { recordCode } from './code-outbox';
import { startEmbeddedPostgres, type EmbeddedDb } from './postgres';

export interface StackOptions {
  port: number;
  cognitoPort: number;
  dataDir: string;
  staticDir: string | null;
  reset?: boolean;
  serve?: boolean;
  scale?: SeedScale;
  logger?: boolean;
  rateLimitPerMinute?: number;
  /** TEST ONLY (throw-away e2e clusters): PostgreSQL without fsync; see startEmbeddedPostgres. */
  unsafeNoDurabilityForTests?: boolean;
  /** `npm start`: also print each code the identity emulator sends (it always lands in the local outbox). */
  printCodes?: boolean;
}

export interface Stack {
  url: string;
  db: EmbeddedDb;
  /** The owner's connections (migrations, seed, maintenance); the server itself uses the runtime role. */
  pool: Pool;
  cognito: CognitoLocal;
  app: FastifyInstance | null;
  config: ServerConfig;
  seededNow: boolean;
  /**
   * Stops everything in reverse order of starting: the API gracefully (drain, requests in flight finish, its pool),
   * then the emulator, the owner's pool and PostgreSQL (a clean shutdown, no crash recovery on the next start).
   * True when nothing had to be cut or failed to stop.
   */
  stop(): Promise<boolean>;
}

/**
 * Everything a newcomer needs on one machine: embedded PostgreSQL (migrated), the Cognito emulator
 * with the demo users, the demo data (first start only), and the API server serving the built portal.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  if (opts.reset) await rm(opts.dataDir, { recursive: true, force: true });
  const db = await startEmbeddedPostgres({
    dataDir: path.join(opts.dataDir, 'postgres'),
    unsafeNoDurabilityForTests: opts.unsafeNoDurabilityForTests,
  });
  // Each stop answers whether it stopped cleanly (undefined counts as yes).
  const stops: Array<() => Promise<unknown>> = [() => db.stop()];
  const stopAll = async () => {
    let clean = true;
    for (const stop of stops.reverse()) clean = (await stop().catch(() => false)) !== false && clean;
    return clean;
  };
  try {
    await db.ensureDatabase('portal');
    const pool = createPool(db.urlFor('portal'), 20);
    stops.push(() => pool.end());
    await migrateDatabase(pool);
    const runtimeUrl = db.runtimeUrlFor('portal');

    const cognito = await startCognitoLocal({
      port: opts.cognitoPort,
      dataDir: path.join(opts.dataDir, 'cognito'),
      groups: [...ROLES],
      users: DEMO_ACCOUNTS.map((a) => ({
        email: a.email,
        password: DEMO_PASSWORD,
        givenName: a.givenName,
        familyName: a.familyName,
        groups: a.groups,
      })),
      // Sign-up codes: the local outbox is the mailbox (tests read it there); `npm start` prints them too.
      onCode: async (d) => {
        await recordCode(pool, d);
        if (opts.printCodes) console.log(`Identity emulator: code ${d.code} sent to ${d.destination} (also in the local outbox)`);
      },
    });
    stops.push(() => cognito.stop());

    const seededNow = !(await isSeeded(pool));
    if (seededNow) await seedDemoData(pool, cognito.subs, opts.scale ?? DEMO_SCALE);

    const config: ServerConfig = {
      mode: 'local',
      host: '127.0.0.1',
      port: opts.port,
      databaseUrl: runtimeUrl,
      staticDir: opts.staticDir,
      cognito: {
        region: cognito.region,
        userPoolId: cognito.userPoolId,
        clientId: cognito.clientId,
        endpoint: cognito.endpoint,
        issuer: cognito.issuer,
        jwksUrl: cognito.jwksUrl,
      },
      storage: { kind: 'local', root: path.join(opts.dataDir, 'objects'), secret: randomBytes(32).toString('hex') },
      rateLimitPerMinute: opts.rateLimitPerMinute ?? 6000,
      bookingPublicUrl: process.env.BOOKING_PUBLIC_URL ?? 'https://book.example.com',
      logLevel: process.env.LOG_LEVEL ?? 'warn',
    };
    let app: FastifyInstance | null = null;
    if (opts.serve !== false) {
      const runtimePool = createPool(runtimeUrl, 20);
      let shutdown: GracefulShutdown | null = null;
      stops.push(() => (shutdown ? shutdown.run() : runtimePool.end()));
      app = await buildApp({ config, pool: runtimePool, logger: opts.logger ?? true });
      shutdown = installGracefulShutdown(app, config.shutdown ?? DEFAULT_SHUTDOWN, [() => runtimePool.end()]);
      await app.listen({ host: config.host, port: opts.port });
    }
    const port = app ? (app.server.address() as { port: number }).port : opts.port;
    return { url: `http://127.0.0.1:${port}`, db, pool, cognito, app, config, seededNow, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
