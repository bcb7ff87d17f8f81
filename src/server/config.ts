import { randomBytes } from 'node:crypto';

/** Typed server configuration, read once from the environment, with working local defaults. */
export interface ServerConfig {
  mode: 'local' | 'production';
  host: string;
  port: number;
  databaseUrl: string;
  staticDir: string | null;
  cognito: {
    region: string;
    userPoolId: string;
    clientId: string;
    /** Only in local mode: the emulator's endpoint (the portal talks to it instead of AWS). */
    endpoint: string | null;
    issuer: string;
    jwksUrl: string;
  };
  /** Files: a local folder (default) or S3 when S3_BUCKET is set. */
  storage: { kind: 'local'; root: string; secret: string } | { kind: 's3'; bucket: string; region: string };
  rateLimitPerMinute: number;
  /** Headless CMS base URL for the content service; unset: pages from the database. */
  contentUrl?: string;
  /** Public booking page base (reschedule links); an environment setting. */
  bookingPublicUrl: string;
  /** Outgoing mail (sign-up and pay links, visit summaries): the local outbox table, or SES; sender from MAIL_FROM. */
  mail?: { provider: 'local' | 'ses'; from: string; region: string };
  /** PASS (partner testing programme) API: results are POSTed there when PASS_API_URL is set (PASS_API_TOKEN then required); else recorded locally. */
  pass?: { url: string; token: string };
  logLevel: string;
}

const awsIssuer = (region: string, poolId: string) => `https://cognito-idp.${region}.amazonaws.com/${poolId}`;

/**
 * Builds the config from environment variables. In production the token issuer is always the AWS one
 * derived from region and pool: an emulator issuer (COGNITO_ISSUER / COGNITO_LOCAL_ENDPOINT) is only
 * honoured when PORTAL_MODE=local.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const mode = env.PORTAL_MODE === 'local' ? 'local' : 'production';
  const region = env.COGNITO_REGION ?? 'us-east-1';
  const userPoolId = required(env, 'COGNITO_USER_POOL_ID');
  const clientId = required(env, 'COGNITO_CLIENT_ID');
  const endpoint = mode === 'local' ? env.COGNITO_LOCAL_ENDPOINT ?? null : null;
  const issuer = mode === 'local' && env.COGNITO_ISSUER ? env.COGNITO_ISSUER : awsIssuer(region, userPoolId);
  return {
    mode,
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    databaseUrl: required(env, 'DATABASE_URL'),
    staticDir: env.STATIC_DIR ?? null,
    cognito: {
      region,
      userPoolId,
      clientId,
      endpoint,
      issuer,
      jwksUrl: mode === 'local' && env.COGNITO_JWKS_URL ? env.COGNITO_JWKS_URL : `${issuer}/.well-known/jwks.json`,
    },
    storage: env.S3_BUCKET
      ? { kind: 's3', bucket: env.S3_BUCKET, region: env.S3_REGION ?? region }
      : { kind: 'local', root: env.OBJECT_STORAGE_DIR ?? 'data/objects', secret: env.FILE_URL_SECRET ?? randomBytes(32).toString('hex') },
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 6000),
    contentUrl: env.CONTENT_URL,
    bookingPublicUrl: env.BOOKING_PUBLIC_URL ?? 'https://book.example.com',
    mail: env.MAIL_PROVIDER === 'ses'
      ? { provider: 'ses', from: required(env, 'MAIL_FROM'), region: env.MAIL_REGION ?? region }
      : { provider: 'local', from: env.MAIL_FROM ?? 'no-reply@portal.local', region },
    pass: env.PASS_API_URL ? { url: env.PASS_API_URL, token: required(env, 'PASS_API_TOKEN') } : undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
