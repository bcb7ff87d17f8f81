import { randomBytes } from 'node:crypto';
import { NPPES_DEFAULT_URL } from './adapters/npi/nppes';
import { DEFAULT_SHUTDOWN, type ShutdownSettings } from './http/graceful-shutdown';
import { idleSettings, type IdleSettings } from '../domain/session';
import { BREAK_GLASS } from '../domain/break-glass';

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
  /** Requests a minute per client (signed-in user, else address), one budget shared by every instance. */
  rateLimitPerMinute: number;
  /** Proxies in front whose X-Forwarded-For entries are trusted (TRUST_PROXY_HOPS); 0 or unset: the socket address. */
  trustProxyHops?: number;
  /** Headless CMS base URL (and its token) for the content service; unset: pages from the database. */
  contentUrl?: string;
  contentToken?: string;
  /** NPI lookup: the public NPPES registry, or the demo list (local). Unset: local. */
  npi?: { provider: 'nppes'; url: string } | { provider: 'local' };
  /** Database connections per server instance. */
  databasePoolSize?: number;
  /** Public booking page base (reschedule links); an environment setting. */
  bookingPublicUrl: string;
  /** Follow-up scheduling (issue 19): the calendar link of each city, NV (Las Vegas) and CO (Denver); environment settings. */
  followUpCalendarUrls?: { NV: string; CO: string };
  /** Outgoing mail (sign-up and pay links, visit summaries): the local outbox table, or SES; sender from MAIL_FROM. */
  mail?: { provider: 'local' | 'ses'; from: string; region: string };
  /** PASS (partner testing programme) API: results are POSTed there when PASS_API_URL is set (PASS_API_TOKEN then required); else recorded locally. */
  pass?: { url: string; token: string };
  /** Storefront (super-admin orders): Saleor's GraphQL API when SALEOR_API_URL is set (token, channel required); else local tables. */
  commerce?: { url: string; token: string; channel: string };
  /** Transcription engine: the local pocketsphinx recogniser (default), or AWS HealthScribe reading the audio from S3. */
  transcription?: TranscriptionConfig;
  /** Card payments (issue 19): the local sandbox gateway, or Authorize.Net (Accept.js in the browser, createTransactionRequest here). */
  payment?: PaymentConfig;
  logLevel: string;
  /** How long an instance reuses a user's revocation time and profile (ms; 0: never); notifications drop it sooner. */
  identityCacheMs?: number;
  /** Graceful shutdown on SIGTERM (drain delay, bound on requests in flight); DEFAULT_SHUTDOWN when left out. */
  shutdown?: ShutdownSettings;
  /** Portal idle logoff (IDLE_TIMEOUT_SECONDS, IDLE_WARNING_SECONDS), served in /config.json; DEFAULT_IDLE when left out. */
  idle?: IdleSettings;
  /** E-prescribing (issue 21): the local prescribing service, or Photon Health (PHOTON_CLIENT_ID and the rest). Unset: local. */
  prescribing?: PrescribingConfig;
  /** Break-glass access (issue 22): how long a session lasts, in minutes (BREAK_GLASS_MINUTES); default 60. */
  breakGlassMinutes?: number;
}

export type PrescribingConfig = {
  provider: 'local';
  /** Seconds the local pharmacy waits before each step of an order (PLACED → ROUTING → PENDING → COMPLETED). */
  fillStepSeconds?: number;
} | {
  provider: 'photon';
  environment: 'production' | 'sandbox';
  clientId: string;
  clientSecret: string;
  /** The organisation and the single-page client the portal's Photon web component signs in with. */
  organizationId: string;
  elementsClientId: string;
};

export type TranscriptionConfig = {
  provider: 'local';
  /** Days the recorded audio (PHI) is kept after its upload; discarding deletes it at once. */
  audioRetentionDays: number;
} | {
  provider: 'healthscribe';
  audioRetentionDays: number;
  region: string;
  dataAccessRoleArn: string;
  outputBucket: string;
  outputKmsKeyId?: string;
};

export type PaymentConfig = { provider: 'local' } | {
  provider: 'authorizenet';
  /** sandbox: apitest.authorize.net and jstest.authorize.net; production: api.authorize.net and js.authorize.net. */
  environment: 'sandbox' | 'production';
  apiLoginId: string;
  /** Secret: only ever sent to the gateway. */
  transactionKey: string;
  /** The public client key Accept.js needs in the browser. */
  clientKey: string;
};

/** Default retention of the recorded audio. */
export const DEFAULT_AUDIO_RETENTION_DAYS = 30;

const awsIssuer = (region: string, poolId: string) => `https://cognito-idp.${region}.amazonaws.com/${poolId}`;

/**
 * Builds the config from environment variables. In production the token issuer is always the AWS one
 * derived from region and pool: an emulator issuer (COGNITO_ISSUER / COGNITO_LOCAL_ENDPOINT) is only
 * honoured when PORTAL_MODE=local, and local mode only listens on loopback. In production every vendor setting
 * is required, unless the operator explicitly chooses the local implementation (`*_PROVIDER=local`): a
 * half-configured server refuses to start instead of quietly keeping PHI on its disk or "sending" mail nowhere.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const mode = env.PORTAL_MODE === 'local' ? 'local' : 'production';
  const host = env.HOST ?? '127.0.0.1';
  if (mode === 'local' && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
    throw new Error(`PORTAL_MODE=local trusts the identity emulator's published key: it only listens on loopback, not HOST=${host}`);
  }
  const region = env.COGNITO_REGION ?? 'us-east-1';
  const userPoolId = required(env, 'COGNITO_USER_POOL_ID');
  const clientId = required(env, 'COGNITO_CLIENT_ID');
  const endpoint = mode === 'local' ? env.COGNITO_LOCAL_ENDPOINT ?? null : null;
  const issuer = mode === 'local' && env.COGNITO_ISSUER ? env.COGNITO_ISSUER : awsIssuer(region, userPoolId);
  const databaseUrl = required(env, 'DATABASE_URL');
  const vendor = (name: string, realSetting: string) => provider(env, mode, name, realSetting);
  const storageLocal = vendor('STORAGE_PROVIDER', 'S3_BUCKET') === 'local';
  const passLocal = vendor('PASS_PROVIDER', 'PASS_API_URL') === 'local';
  const contentLocal = vendor('CONTENT_PROVIDER', 'CONTENT_URL') === 'local';
  const commerceLocal = vendor('COMMERCE_PROVIDER', 'SALEOR_API_URL') === 'local';
  const mailProvider = env.MAIL_PROVIDER ?? (mode === 'local' ? 'local' : undefined);
  if (mailProvider !== 'ses' && mailProvider !== 'local') {
    throw new Error('Missing environment variable MAIL_PROVIDER (ses, or local to keep mail in the outbox table)');
  }
  const transcription = transcriptionConfig(env, vendor('TRANSCRIPTION_PROVIDER', 'HEALTHSCRIBE_DATA_ACCESS_ROLE_ARN'), storageLocal, region);
  const payment = paymentConfig(env, vendor('PAYMENT_PROVIDER', 'AUTHORIZENET_API_LOGIN_ID'));
  const npiProvider = env.NPI_PROVIDER ?? (mode === 'local' ? 'local' : 'nppes');
  if (npiProvider !== 'nppes' && npiProvider !== 'local') throw new Error('NPI_PROVIDER must be nppes or local');
  return {
    mode,
    host,
    port: Number(env.PORT ?? 8080),
    databaseUrl,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 20),
    staticDir: env.STATIC_DIR ?? null,
    cognito: {
      region,
      userPoolId,
      clientId,
      endpoint,
      issuer,
      jwksUrl: mode === 'local' && env.COGNITO_JWKS_URL ? env.COGNITO_JWKS_URL : `${issuer}/.well-known/jwks.json`,
    },
    storage: storageLocal
      ? {
        kind: 'local',
        root: mode === 'local' ? env.OBJECT_STORAGE_DIR ?? 'data/objects' : required(env, 'OBJECT_STORAGE_DIR'),
        // Signed links must verify on every instance and after a restart: production needs a fixed secret.
        secret: mode === 'local' ? env.FILE_URL_SECRET ?? randomBytes(32).toString('hex') : required(env, 'FILE_URL_SECRET'),
      }
      : { kind: 's3', bucket: required(env, 'S3_BUCKET'), region: env.S3_REGION ?? region },
    rateLimitPerMinute: wholeNumber(env, 'RATE_LIMIT_PER_MINUTE', 6000, 1, Number.MAX_SAFE_INTEGER, 'a whole number of requests, at least 1'),
    trustProxyHops: wholeNumber(env, 'TRUST_PROXY_HOPS', 0, 0, 10, 'a whole number of proxies from 0 to 10'),
    contentUrl: contentLocal ? undefined : required(env, 'CONTENT_URL'),
    contentToken: contentLocal ? undefined : env.CONTENT_TOKEN,
    npi: npiProvider === 'nppes' ? { provider: 'nppes', url: env.NPPES_URL ?? NPPES_DEFAULT_URL } : { provider: 'local' },
    bookingPublicUrl: env.BOOKING_PUBLIC_URL ?? 'https://book.example.com',
    followUpCalendarUrls: followUpCalendarUrls(env, env.BOOKING_PUBLIC_URL ?? 'https://book.example.com'),
    mail: mailProvider === 'ses'
      ? { provider: 'ses', from: required(env, 'MAIL_FROM'), region: env.MAIL_REGION ?? region }
      : { provider: 'local', from: env.MAIL_FROM ?? 'no-reply@portal.local', region },
    pass: passLocal ? undefined : { url: required(env, 'PASS_API_URL'), token: required(env, 'PASS_API_TOKEN') },
    commerce: commerceLocal ? undefined
      : { url: required(env, 'SALEOR_API_URL'), token: required(env, 'SALEOR_TOKEN'), channel: required(env, 'SALEOR_CHANNEL') },
    transcription,
    payment,
    logLevel: env.LOG_LEVEL ?? 'info',
    identityCacheMs: Number(env.IDENTITY_CACHE_MS ?? 30_000),
    shutdown: {
      drainMs: Number(env.SHUTDOWN_DRAIN_MS ?? DEFAULT_SHUTDOWN.drainMs),
      timeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? DEFAULT_SHUTDOWN.timeoutMs),
    },
    idle: idleFromEnv(env),
    breakGlassMinutes: breakGlassMinutes(env),
    prescribing: prescribingConfig(env, vendor('PRESCRIBING_PROVIDER', 'PHOTON_CLIENT_ID')),
  };
}

/** Photon Health in production (every setting required: a half-configured server refuses to start), else the local service. */
function prescribingConfig(env: NodeJS.ProcessEnv, chosen: 'real' | 'local'): PrescribingConfig {
  if (chosen === 'local') {
    const step = env.LOCAL_PHARMACY_STEP_SECONDS;
    if (step === undefined || step === '') return { provider: 'local' };
    const seconds = Number(step);
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > 3600) throw new Error('LOCAL_PHARMACY_STEP_SECONDS must be a number of seconds from 0 to 3600');
    return { provider: 'local', fillStepSeconds: seconds };
  }
  const environment = env.PHOTON_ENVIRONMENT ?? 'production';
  if (environment !== 'production' && environment !== 'sandbox') throw new Error('PHOTON_ENVIRONMENT must be production or sandbox');
  return {
    provider: 'photon', environment, clientId: required(env, 'PHOTON_CLIENT_ID'), clientSecret: required(env, 'PHOTON_CLIENT_SECRET'),
    organizationId: required(env, 'PHOTON_ORGANIZATION_ID'), elementsClientId: required(env, 'PHOTON_ELEMENTS_CLIENT_ID'),
  };
}

function breakGlassMinutes(env: NodeJS.ProcessEnv): number {
  const minutes = Number(env.BREAK_GLASS_MINUTES ?? BREAK_GLASS.defaultMinutes);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 24 * 60) throw new Error('BREAK_GLASS_MINUTES must be a number of minutes from 0 to 1440');
  return minutes;
}

function idleFromEnv(env: NodeJS.ProcessEnv): IdleSettings {
  const seconds = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : Number(env[name]));
  try {
    return idleSettings(seconds('IDLE_TIMEOUT_SECONDS'), seconds('IDLE_WARNING_SECONDS'));
  } catch (error) {
    throw new Error(`IDLE_TIMEOUT_SECONDS / IDLE_WARNING_SECONDS: ${(error as Error).message}`, { cause: error });
  }
}

function transcriptionConfig(env: NodeJS.ProcessEnv, chosen: 'real' | 'local', storageLocal: boolean, region: string): TranscriptionConfig {
  const days = Number(env.TRANSCRIPTION_AUDIO_RETENTION_DAYS ?? DEFAULT_AUDIO_RETENTION_DAYS);
  if (!Number.isInteger(days) || days < 1) throw new Error('TRANSCRIPTION_AUDIO_RETENTION_DAYS must be a whole number of days, at least 1');
  if (chosen === 'local') return { provider: 'local', audioRetentionDays: days };
  if (storageLocal) throw new Error('HealthScribe reads the audio from S3: set S3_BUCKET (not STORAGE_PROVIDER=local), or TRANSCRIPTION_PROVIDER=local');
  return {
    provider: 'healthscribe',
    audioRetentionDays: days,
    region: env.HEALTHSCRIBE_REGION ?? env.S3_REGION ?? region,
    dataAccessRoleArn: required(env, 'HEALTHSCRIBE_DATA_ACCESS_ROLE_ARN'),
    outputBucket: env.HEALTHSCRIBE_OUTPUT_BUCKET ?? required(env, 'S3_BUCKET'),
    outputKmsKeyId: env.HEALTHSCRIBE_OUTPUT_KMS_KEY_ID || undefined,
  };
}

function paymentConfig(env: NodeJS.ProcessEnv, chosen: 'real' | 'local'): PaymentConfig {
  if (chosen === 'local') return { provider: 'local' };
  const environment = env.AUTHORIZENET_ENVIRONMENT ?? 'production';
  if (environment !== 'sandbox' && environment !== 'production') throw new Error('AUTHORIZENET_ENVIRONMENT must be sandbox or production');
  return {
    provider: 'authorizenet', environment, apiLoginId: required(env, 'AUTHORIZENET_API_LOGIN_ID'),
    transactionKey: required(env, 'AUTHORIZENET_TRANSACTION_KEY'), clientKey: required(env, 'AUTHORIZENET_CLIENT_KEY'),
  };
}

/**
 * Which implementation of a vendor to use: `local` when chosen explicitly, or in local mode without the real
 * setting; the real one when its setting is present. Production without either is a start-up error.
 */
function provider(env: NodeJS.ProcessEnv, mode: 'local' | 'production', name: string, realSetting: string): 'real' | 'local' {
  const chosen = env[name];
  if (chosen === 'local') return 'local';
  if (env[realSetting]) return 'real';
  if (mode === 'local') return 'local';
  throw new Error(`Missing environment variable ${realSetting} (or set ${name}=local to use the local implementation)`);
}

/** A whole-number setting from `min` to `max` (`fallback` when unset); anything else stops the start naming the variable. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, expected: string): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new Error(`${name} must be ${expected}`);
  return value;
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

/** FOLLOW_UP_CALENDAR_URL_NV / _CO; unset, the public booking page of the city (issue 19). */
export function followUpCalendarUrls(env: NodeJS.ProcessEnv, bookingPublicUrl: string): { NV: string; CO: string } {
  const base = bookingPublicUrl.replace(/\/+$/, '');
  return {
    NV: env.FOLLOW_UP_CALENDAR_URL_NV ?? `${base}/follow-up/las-vegas`,
    CO: env.FOLLOW_UP_CALENDAR_URL_CO ?? `${base}/follow-up/denver`,
  };
}
