import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROLES } from '../../src/domain/shared/roles';
import { createPool, migrateDatabase } from '../../src/server/db/client';
import { seedDemoData } from '../../src/server/db/seed/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';
import { startCognitoLocal } from '../../src/server/launcher/cognito';
import { freePort } from '../../src/server/launcher/ports';
import { startEmbeddedPostgres } from '../../src/server/launcher/postgres';

export interface ApiEnv {
  adminUrl: string;
  /** The server's runtime role (with {db}): what the app under test connects as. */
  urlTemplate: string;
  /** The owner role (with {db}): for tests that need owner rights on purpose, e.g. editing an audit row. */
  ownerUrlTemplate: string;
  templateDb: string;
  cognito: { endpoint: string; region: string; userPoolId: string; clientId: string; issuer: string; jwksUrl: string; subs: Record<string, string> };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiEnv: ApiEnv;
  }
}

/**
 * One PostgreSQL server and one Cognito emulator per run; a template database migrated and seeded
 * once as the owner, which every test file clones (CREATE DATABASE ... TEMPLATE) so files never see each other's
 * writes. The app under test connects as the runtime role, as in production.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-api-'));
  // A throw-away cluster: the one place (with e2e's) that may run PostgreSQL without fsync.
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), unsafeNoDurabilityForTests: true });
  const cognito = await startCognitoLocal({
    port: await freePort(),
    dataDir: path.join(dir, 'cognito'),
    groups: [...ROLES],
    users: DEMO_ACCOUNTS.map((a) => ({
      email: a.email,
      password: DEMO_PASSWORD,
      givenName: a.givenName,
      familyName: a.familyName,
      groups: a.groups,
    })),
  });
  const templateDb = 'portal_template';
  await db.ensureDatabase(templateDb);
  const pool = createPool(db.urlFor(templateDb));
  await migrateDatabase(pool);
  await seedDemoData(pool, cognito.subs);
  await pool.end();
  project.provide('apiEnv', {
    adminUrl: db.urlFor('postgres'),
    urlTemplate: db.runtimeUrlFor('{db}'),
    ownerUrlTemplate: db.urlFor('{db}'),
    templateDb,
    cognito: {
      endpoint: cognito.endpoint,
      region: cognito.region,
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      issuer: cognito.issuer,
      jwksUrl: cognito.jwksUrl,
      subs: cognito.subs,
    },
  });
  return async () => {
    await cognito.stop();
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
