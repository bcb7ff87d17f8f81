import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../src/domain/shared/headers';
import { buildApp } from '../../src/server/app';
import type { StoredAuditRow } from '../../src/server/audit/chain';
import type { ServerConfig } from '../../src/server/config';
import { createPool } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';

export const env = () => inject('apiEnv');

const tokens = new Map<string, Promise<string>>();

/** A real id token from the Cognito emulator (USER_PASSWORD_AUTH), cached per test file. */
export function tokenFor(email: string): Promise<string> {
  let t = tokens.get(email);
  if (!t) {
    t = signInAt(env().cognito.endpoint, env().cognito.clientId, email);
    tokens.set(email, t);
  }
  return t;
}

/** A demo user's id token from the emulator at `endpoint` (the run's, or one a test started itself). */
export async function signInAt(endpoint: string, clientId: string, email: string): Promise<string> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(body)}`);
  return body.AuthenticationResult.IdToken;
}

export interface CallOptions {
  /** A demo e-mail (signs in) or a raw token; omit for no Authorization header. */
  as?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string | undefined>;
}

/** An audit row as the tests read it (one per request), its id lists resolved (the view audit_rows). */
export type AuditLogRow = StoredAuditRow;

type CallResult = { status: number; body: any; headers: Record<string, unknown> };

export interface TestApi {
  app: FastifyInstance;
  /** The app's own pool: the runtime role, as in production. */
  pool: pg.Pool;
  databaseUrl: string;
  /** A pool as the owner role, for tests that need owner rights on purpose (created on first use). */
  ownerPool(): pg.Pool;
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, opts?: CallOptions): Promise<CallResult>;
  /** Runs fn and answers what it returned with the audit rows written meanwhile (tests of one file run in sequence). */
  audited<T = CallResult>(fn: () => Promise<T>): Promise<{ res: T; rows: AuditLogRow[] }>;
  close(): Promise<void>;
}

/** The server configuration of the app under test (local mode, the emulator, objects in a temporary folder). */
export function testConfig(databaseUrl: string, dbName: string): ServerConfig {
  const e = env();
  return {
    mode: 'local',
    host: '127.0.0.1',
    port: 0,
    databaseUrl,
    staticDir: null,
    cognito: {
      region: e.cognito.region,
      userPoolId: e.cognito.userPoolId,
      clientId: e.cognito.clientId,
      endpoint: e.cognito.endpoint,
      issuer: e.cognito.issuer,
      jwksUrl: e.cognito.jwksUrl,
    },
    storage: { kind: 'local', root: path.join(tmpdir(), 'portal-api-objects', dbName), secret: 'test-secret' },
    rateLimitPerMinute: 100_000,
    bookingPublicUrl: 'https://book.example.com',
    logLevel: 'silent',
    prescribing: { provider: 'local', fillStepSeconds: 0.2 }, // the local pharmacy moves orders on at once
  };
}

/** The spec's request headers for `url` and the exact body text sent; `extra` adds headers (undefined removes one). */
export function apiHeaders(url: string, payload: string | undefined, token?: string, extra: Record<string, string | undefined> = {}) {
  const headers: Record<string, string> = {
    [ADDRESSEE_TYPE_HEADER]: 'C',
    [API_KEY_HEADER]: deriveApiKey(url.split('?')[0], payload),
  };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  return headers;
}

/** A fresh clone of the seeded template database: its name and URL as the runtime role. */
export async function cloneTemplateDatabase(): Promise<{ dbName: string; databaseUrl: string }> {
  const e = env();
  const dbName = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: e.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(dbName)} TEMPLATE ${pg.escapeIdentifier(e.templateDb)}`);
  await admin.end();
  return { dbName, databaseUrl: e.urlTemplate.replace('{db}', dbName) };
}

/** The real Fastify app on a fresh clone of the seeded template database. */
export async function startApi(): Promise<TestApi> {
  const e = env();
  const { dbName, databaseUrl } = await cloneTemplateDatabase();
  const pool = createPool(databaseUrl, 5);
  const app = await buildApp({ config: testConfig(databaseUrl, dbName), pool, logger: false });
  await app.ready();
  let owner: pg.Pool | null = null;
  const lastAuditId = async () => (await pool.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM audit_log')).rows[0].id;
  return {
    app,
    pool,
    databaseUrl,
    ownerPool: () => (owner ??= createPool(e.ownerUrlTemplate.replace('{db}', dbName), 2)),
    async audited(fn) {
      const before = await lastAuditId();
      const res = await fn();
      const { rows } = await pool.query<AuditLogRow>('SELECT * FROM audit_rows WHERE id > $1 ORDER BY id', [before]);
      return { res, rows };
    },
    async call(method, url, opts = {}) {
      const token = opts.token ?? (opts.as ? await tokenFor(opts.as) : undefined);
      const payload = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      const res = await app.inject({ method, url, headers: apiHeaders(url, payload, token, opts.headers), payload });
      let body: unknown = res.body;
      try {
        body = res.json();
      } catch {
        /* not JSON */
      }
      return { status: res.statusCode, body, headers: res.headers };
    },
    async close() {
      await app.close();
      await pool.end();
      await owner?.end();
    },
  };
}

/** Runs writes in a transaction, checks what they did inside it, then rolls back (the next test starts clean). */
export async function inRolledBackTx(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<void>): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await fn(c);
  } finally {
    await c.query('ROLLBACK');
    c.release();
  }
}

/**
 * expect.poll's wait for a change that reaches an API instance by a database notification (a write on another
 * instance or straight in the database): milliseconds normally, so a notification still missing after this is a fault.
 */
export const NOTIFIED = { timeout: 2000, interval: 20 };

export const DEMO = {
  clinician: 'clinician@demo.test',
  noLicence: 'clinician.nolicense@demo.test',
  noCalendar: 'clinician.nocalendar@demo.test',
  inactive: 'clinician.inactive@demo.test',
  superAdmin: 'superadmin@demo.test',
  staff: 'staff@demo.test',
  auditor: 'auditor@demo.test',
  ops: 'ops@demo.test',
  pending: 'pending@demo.test',
} as const;
