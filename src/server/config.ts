import { randomBytes } from 'node:crypto';
import { idleSettings, type IdleSettings } from '../domain/shared/session';
import type { PaymentConfig, PrescribingConfig, ServerConfig, TranscriptionConfig } from './config-types';
import { parseEnv, type EnvName, type EnvValues } from './env/schema';

export { DEFAULT_AUDIO_RETENTION_DAYS } from './env/schema';

export type { PaymentConfig, PrescribingConfig, ServerConfig, TranscriptionConfig } from './config-types';

/** A start refused by the configuration: every problem found, one a line, each naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The configuration is not valid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

const awsIssuer = (region: string, poolId: string) => `https://cognito-idp.${region}.amazonaws.com/${poolId}`;

/** The values read so far and the problems found, one per variable (the first found). */
interface Reading {
  v: EnvValues;
  mode: 'local' | 'production';
  problems: Map<string, string>;
}

const problem = (r: Reading, name: string, message: string) => {
  if (!r.problems.has(name)) r.problems.set(name, message);
};

function required(r: Reading, name: EnvName): string {
  const value = r.v[name];
  if (value === undefined || value === '') problem(r, name, `Missing environment variable ${name}`);
  return String(value ?? '');
}

/**
 * Builds the config from environment variables (env/schema.ts types, bounds and defaults every one of them). Every
 * problem is collected and the start refused with all of them at once (ConfigError). In production the token issuer
 * is always the AWS one derived from region and pool: an emulator issuer (COGNITO_ISSUER / COGNITO_LOCAL_ENDPOINT) is
 * only honoured when PORTAL_MODE=local, and local mode only listens on loopback. In production every vendor setting
 * is required, unless the operator explicitly chooses the local implementation (`*_PROVIDER=local`): a
 * half-configured server refuses to start instead of quietly keeping PHI on its disk or "sending" mail nowhere.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const { values: v, problems } = parseEnv(env);
  const mode = v.PORTAL_MODE === 'local' ? 'local' : 'production';
  const r: Reading = { v, mode, problems };
  const host = v.HOST;
  if (mode === 'local' && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
    problem(r, 'HOST', `PORTAL_MODE=local trusts the identity emulator's published key: it only listens on loopback, not HOST=${host}`);
  }
  const region = v.COGNITO_REGION;
  const userPoolId = required(r, 'COGNITO_USER_POOL_ID');
  const clientId = required(r, 'COGNITO_CLIENT_ID');
  const issuer = mode === 'local' && v.COGNITO_ISSUER ? v.COGNITO_ISSUER : awsIssuer(region, userPoolId);
  const databaseUrl = required(r, 'DATABASE_URL');
  const vendor = (name: EnvName, realSetting: EnvName) => provider(r, name, realSetting);
  const storageLocal = vendor('STORAGE_PROVIDER', 'S3_BUCKET') === 'local';
  const passLocal = vendor('PASS_PROVIDER', 'PASS_API_URL') === 'local';
  const contentLocal = vendor('CONTENT_PROVIDER', 'CONTENT_URL') === 'local';
  const commerceLocal = vendor('COMMERCE_PROVIDER', 'SALEOR_API_URL') === 'local';
  const mailProvider = v.MAIL_PROVIDER ?? (mode === 'local' ? 'local' : undefined);
  if (!mailProvider) problem(r, 'MAIL_PROVIDER', 'Missing environment variable MAIL_PROVIDER (ses, or local to keep mail in the outbox table)');
  const npiProvider = v.NPI_PROVIDER ?? (mode === 'local' ? 'local' : 'nppes');
  if (mode === 'production' && !v.METRICS_TOKEN)
    problem(r, 'METRICS_TOKEN', 'Missing environment variable METRICS_TOKEN (the bearer token of /metrics)');
  const config: ServerConfig = {
    mode,
    host,
    port: v.PORT,
    databaseUrl,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    staticDir: v.STATIC_DIR ?? null,
    cognito: {
      region,
      userPoolId,
      clientId,
      endpoint: mode === 'local' ? (v.COGNITO_LOCAL_ENDPOINT ?? null) : null,
      issuer,
      jwksUrl: mode === 'local' && v.COGNITO_JWKS_URL ? v.COGNITO_JWKS_URL : `${issuer}/.well-known/jwks.json`,
    },
    storage: storageLocal
      ? {
          kind: 'local',
          root: mode === 'local' ? (v.OBJECT_STORAGE_DIR ?? 'data/objects') : required(r, 'OBJECT_STORAGE_DIR'),
          // Signed links must verify on every instance and after a restart: production needs a fixed secret.
          secret: mode === 'local' ? (v.FILE_URL_SECRET ?? randomBytes(32).toString('hex')) : required(r, 'FILE_URL_SECRET'),
        }
      : { kind: 's3', bucket: required(r, 'S3_BUCKET'), region: v.S3_REGION ?? region },
    rateLimitPerMinute: v.RATE_LIMIT_PER_MINUTE,
    trustProxyHops: v.TRUST_PROXY_HOPS,
    contentUrl: contentLocal ? undefined : required(r, 'CONTENT_URL'),
    contentToken: contentLocal ? undefined : v.CONTENT_TOKEN,
    npi: npiProvider === 'nppes' ? { provider: 'nppes', url: v.NPPES_URL } : { provider: 'local' },
    bookingPublicUrl: v.BOOKING_PUBLIC_URL,
    followUpCalendarUrls: followUpCalendarUrls(env, v.BOOKING_PUBLIC_URL),
    mail:
      mailProvider === 'ses'
        ? { provider: 'ses', from: required(r, 'MAIL_FROM'), region: v.MAIL_REGION ?? region }
        : { provider: 'local', from: v.MAIL_FROM ?? 'no-reply@portal.local', region },
    pass: passLocal ? undefined : { url: required(r, 'PASS_API_URL'), token: required(r, 'PASS_API_TOKEN') },
    commerce: commerceLocal
      ? undefined
      : { url: required(r, 'SALEOR_API_URL'), token: required(r, 'SALEOR_TOKEN'), channel: required(r, 'SALEOR_CHANNEL') },
    transcription: transcriptionConfig(r, vendor('TRANSCRIPTION_PROVIDER', 'HEALTHSCRIBE_DATA_ACCESS_ROLE_ARN'), storageLocal, region),
    payment: paymentConfig(r, vendor('PAYMENT_PROVIDER', 'AUTHORIZENET_API_LOGIN_ID')),
    logLevel: v.LOG_LEVEL,
    identityCacheMs: v.IDENTITY_CACHE_MS,
    shutdown: { drainMs: v.SHUTDOWN_DRAIN_MS, timeoutMs: v.SHUTDOWN_TIMEOUT_MS },
    idle: idleFromEnv(r),
    breakGlassMinutes: v.BREAK_GLASS_MINUTES,
    prescribing: prescribingConfig(r, vendor('PRESCRIBING_PROVIDER', 'PHOTON_CLIENT_ID')),
    metricsToken: v.METRICS_TOKEN,
    otelEndpoint: v.OTEL_EXPORTER_OTLP_ENDPOINT,
  };
  if (problems.size > 0) throw new ConfigError([...problems.values()]);
  return config;
}

/** Photon Health in production (every setting required: a half-configured server refuses to start), else the local service. */
function prescribingConfig(r: Reading, chosen: 'real' | 'local'): PrescribingConfig {
  if (chosen === 'local') {
    const seconds = r.v.LOCAL_PHARMACY_STEP_SECONDS;
    return seconds === undefined ? { provider: 'local' } : { provider: 'local', fillStepSeconds: seconds };
  }
  return {
    provider: 'photon',
    environment: r.v.PHOTON_ENVIRONMENT,
    clientId: required(r, 'PHOTON_CLIENT_ID'),
    clientSecret: required(r, 'PHOTON_CLIENT_SECRET'),
    organizationId: required(r, 'PHOTON_ORGANIZATION_ID'),
    elementsClientId: required(r, 'PHOTON_ELEMENTS_CLIENT_ID'),
  };
}

/** The two idle settings must also agree with each other (the warning shorter than the timeout). */
function idleFromEnv(r: Reading): IdleSettings | undefined {
  try {
    return idleSettings(r.v.IDLE_TIMEOUT_SECONDS, r.v.IDLE_WARNING_SECONDS);
  } catch (error) {
    problem(r, 'IDLE_WARNING_SECONDS', `IDLE_TIMEOUT_SECONDS / IDLE_WARNING_SECONDS: ${(error as Error).message}`);
    return undefined;
  }
}

function transcriptionConfig(r: Reading, chosen: 'real' | 'local', storageLocal: boolean, region: string): TranscriptionConfig {
  const days = r.v.TRANSCRIPTION_AUDIO_RETENTION_DAYS;
  if (chosen === 'local') return { provider: 'local', audioRetentionDays: days };
  if (storageLocal) {
    problem(
      r,
      'TRANSCRIPTION_PROVIDER',
      'HealthScribe reads the audio from S3: set S3_BUCKET (not STORAGE_PROVIDER=local), or TRANSCRIPTION_PROVIDER=local',
    );
  }
  return {
    provider: 'healthscribe',
    audioRetentionDays: days,
    region: r.v.HEALTHSCRIBE_REGION ?? r.v.S3_REGION ?? region,
    dataAccessRoleArn: required(r, 'HEALTHSCRIBE_DATA_ACCESS_ROLE_ARN'),
    outputBucket: r.v.HEALTHSCRIBE_OUTPUT_BUCKET ?? (storageLocal ? '' : required(r, 'S3_BUCKET')),
    outputKmsKeyId: r.v.HEALTHSCRIBE_OUTPUT_KMS_KEY_ID || undefined,
  };
}

function paymentConfig(r: Reading, chosen: 'real' | 'local'): PaymentConfig {
  if (chosen === 'local') return { provider: 'local' };
  return {
    provider: 'authorizenet',
    environment: r.v.AUTHORIZENET_ENVIRONMENT,
    apiLoginId: required(r, 'AUTHORIZENET_API_LOGIN_ID'),
    transactionKey: required(r, 'AUTHORIZENET_TRANSACTION_KEY'),
    clientKey: required(r, 'AUTHORIZENET_CLIENT_KEY'),
  };
}

/**
 * Which implementation of a vendor to use: `local` when chosen explicitly, or in local mode without the real
 * setting; the real one when its setting is present. Production without either is a problem of the start.
 */
function provider(r: Reading, name: EnvName, realSetting: EnvName): 'real' | 'local' {
  if (r.v[name] === 'local') return 'local';
  if (r.v[realSetting]) return 'real';
  if (r.mode === 'local') return 'local';
  problem(r, realSetting, `Missing environment variable ${realSetting} (or set ${name}=local to use the local implementation)`);
  return 'real';
}

/** FOLLOW_UP_CALENDAR_URL_NV / _CO; unset, the public booking page of the city. */
export function followUpCalendarUrls(env: NodeJS.ProcessEnv, bookingPublicUrl: string): { NV: string; CO: string } {
  const base = bookingPublicUrl.replace(/\/+$/, '');
  return {
    NV: env.FOLLOW_UP_CALENDAR_URL_NV || `${base}/follow-up/las-vegas`,
    CO: env.FOLLOW_UP_CALENDAR_URL_CO || `${base}/follow-up/denver`,
  };
}
