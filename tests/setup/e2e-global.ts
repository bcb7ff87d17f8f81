import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../src/server/launcher/ports';
import { startStack } from '../../src/server/launcher/stack';
import { startIdleInstance } from './idle-instance';

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
    /** The same stack served by an instance with short idle-logoff settings (tests/setup/idle-instance.ts). */
    idlePortalUrl: string;
    /** The stack's database as the server's runtime role (tests read the local mail outbox, e.g. sign-up codes). */
    portalDatabaseUrl: string;
  }
}

/** The whole system as `npm start` runs it (emulator, PostgreSQL, API serving the built portal) on free ports. */
export default async function setup(project: TestProject) {
  // E2E_DIST lets parallel local runs test their own build (`vite build --outDir <dir>`); CI uses dist/.
  const staticDir = path.resolve(process.env.E2E_DIST ?? 'dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) throw new Error(`${staticDir}/index.html missing: run \`vite build\` first (npm test does)`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  const stack = await startStack({
    port: await freePort(),
    cognitoPort: await freePort(),
    dataDir,
    staticDir,
    logger: false,
    rateLimitPerMinute: 1_000_000,
    unsafeNoDurabilityForTests: true, // a throw-away cluster
  });
  project.provide('portalUrl', stack.url);
  project.provide('portalDatabaseUrl', stack.config.databaseUrl);
  const idle = await startIdleInstance(stack.config).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  project.provide('idlePortalUrl', idle.url);
  return async () => {
    await idle.stop();
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
