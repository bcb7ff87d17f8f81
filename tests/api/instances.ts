import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import { createPool } from '../../src/server/db/client';
import { apiHeaders, cloneTemplateDatabase, env, testConfig } from './helpers';

/** One API instance listening on a free port: its own Fastify app, pool, identity cache and listeners (one "process"). */
export interface Instance {
  app: FastifyInstance;
  pool: pg.Pool;
  url: string;
}

/** Starts an instance on `databaseUrl` (several may share one database, as several machines do); `over` changes its settings. */
export async function startInstance(databaseUrl: string, dbName: string, over: Partial<ServerConfig> = {}): Promise<Instance> {
  const pool = createPool(databaseUrl, 4);
  const app = await buildApp({ config: { ...testConfig(databaseUrl, dbName), ...over }, pool, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, pool, url: `http://127.0.0.1:${port}` };
}

/** A request to one instance over real HTTP with the spec's headers; the body parsed as JSON (null when empty). */
export async function call(on: Instance, method: string, url: string, token: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(`${on.url}${url}`, { method, headers: apiHeaders(url, payload, token), body: payload });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Two instances on one fresh database, and the owner's pool on it (to read what the runtime role cannot). */
export interface TwoInstances {
  a: Instance;
  b: Instance;
  owner: pg.Pool;
}

export async function startTwoInstances(over: Partial<ServerConfig> = {}): Promise<TwoInstances> {
  const { dbName, databaseUrl } = await cloneTemplateDatabase();
  const [a, b] = await Promise.all([startInstance(databaseUrl, dbName, over), startInstance(databaseUrl, dbName, over)]);
  return { a, b, owner: createPool(env().ownerUrlTemplate.replace('{db}', dbName), 1) };
}

/** Stops both instances and the owner's pool; open client sockets (aborted streams) are closed, as a browser would. */
export async function stopTwoInstances(two: TwoInstances | undefined) {
  for (const i of [two?.a, two?.b]) {
    i?.app.server.closeAllConnections();
    await i?.app.close();
    await i?.pool.end();
  }
  await two?.owner.end();
}
