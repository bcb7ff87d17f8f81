import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../src/domain/headers';
import { buildApp } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import { createPool } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';

export const env = () => inject('apiEnv');

const tokens = new Map<string, Promise<string>>();

/** A real id token from the Cognito emulator (USER_PASSWORD_AUTH), cached per test file. */
export function tokenFor(email: string): Promise<string> {
  let t = tokens.get(email);
  if (!t) {
    t = (async () => {
      const res = await fetch(env().cognito.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: env().cognito.clientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }),
      });
      const body = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
      if (!body.AuthenticationResult) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(body)}`);
      return body.AuthenticationResult.IdToken;
    })();
    tokens.set(email, t);
  }
  return t;
}

export interface CallOptions {
  /** A demo e-mail (signs in) or a raw token; omit for no Authorization header. */
  as?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string | undefined>;
}

export interface TestApi {
  app: FastifyInstance;
  pool: pg.Pool;
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, opts?: CallOptions): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** The real Fastify app on a fresh clone of the seeded template database. */
export async function startApi(): Promise<TestApi> {
  const e = env();
  const dbName = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: e.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(dbName)} TEMPLATE ${pg.escapeIdentifier(e.templateDb)}`);
  await admin.end();
  const databaseUrl = e.urlTemplate.replace('{db}', dbName);
  const pool = createPool(databaseUrl, 5);
  const config: ServerConfig = {
    mode: 'local', host: '127.0.0.1', port: 0, databaseUrl, staticDir: null,
    cognito: { region: e.cognito.region, userPoolId: e.cognito.userPoolId, clientId: e.cognito.clientId, endpoint: e.cognito.endpoint, issuer: e.cognito.issuer, jwksUrl: e.cognito.jwksUrl },
    storage: { kind: 'local', root: path.join(tmpdir(), 'portal-api-objects', dbName), secret: 'test-secret' },
    rateLimitPerMinute: 100_000, bookingPublicUrl: 'https://book.example.com', logLevel: 'silent',
  };
  const app = await buildApp({ config, pool, logger: false });
  await app.ready();
  return {
    app,
    pool,
    async call(method, url, opts = {}) {
      const token = opts.token ?? (opts.as ? await tokenFor(opts.as) : undefined);
      const payload = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      const headers: Record<string, string> = {
        [ADDRESSEE_TYPE_HEADER]: 'C',
        [API_KEY_HEADER]: deriveApiKey(url.split('?')[0], payload),
      };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      for (const [k, v] of Object.entries(opts.headers ?? {})) {
        if (v === undefined) delete headers[k];
        else headers[k] = v;
      }
      const res = await app.inject({ method, url, headers, payload });
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
    },
  };
}

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
