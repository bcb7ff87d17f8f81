import { z } from 'zod';
import { NPPES_DEFAULT_URL } from '../adapters/npi/nppes';
import { BREAK_GLASS } from '../../domain/break-glass/break-glass';
import { DEFAULT_IDLE, MAX_IDLE_TIMEOUT_S } from '../../domain/shared/session';

/**
 * Every environment variable the server reads, in one place: its type and bounds (a zod schema), its default and its
 * description. The configuration (config.ts), `.env.example` (npm run env:example) and the README's table are all
 * made from this list, so they cannot disagree. An empty value counts as unset.
 */
export interface EnvVar {
  schema: z.ZodType;
  description: string;
  /** The value used when unset (also written into .env.example); none: optional, or required where the text says. */
  default?: string | number;
  /** Required in production (the configuration says so itself when it depends on other settings). */
  required?: boolean;
  /** A secret: .env.example shows it empty. */
  secret?: boolean;
  /** A placeholder for .env.example when there is no default. */
  example?: string;
}

/** A whole number from `min` to `max`; anything else (a sign, a decimal point, a space) is refused with `expected`. */
export const wholeNumber = (min: number, max: number, expected: string) =>
  z
    .string()
    .regex(/^\d+$/, `must be ${expected}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be ${expected}`).max(max, `must be ${expected}`));

/** A decimal number from `min` to `max` (`above`: `min` itself excluded). */
const decimal = (min: number, max: number, expected: string, above = false) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `must be ${expected}`)
    .transform(Number)
    .pipe(z.number().refine((n) => (above ? n > min : n >= min) && n <= max, `must be ${expected}`));

const text = z.string();
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => `must be ${values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`}` });
const provider = (real: string) => ({ schema: oneOf(['local']), description: `\`local\` chooses the local implementation instead of ${real}` });
const MS_DAY = 24 * 60 * 60 * 1000;
/** Days the recorded audio is kept when TRANSCRIPTION_AUDIO_RETENTION_DAYS is unset. */
export const DEFAULT_AUDIO_RETENTION_DAYS = 30;

export const ENV_VARS = {
  PORTAL_MODE: {
    schema: oneOf(['local', 'production']),
    default: 'production',
    description: '`local` trusts the identity emulator (loopback only; what `npm start` sets); anything else is production',
  },
  HOST: { schema: text, default: '127.0.0.1', description: 'listen address' },
  PORT: { schema: wholeNumber(1, 65535, 'a port number from 1 to 65535'), default: 8080, description: 'listen port' },
  WEB_CONCURRENCY: {
    schema: z
      .string()
      .regex(/^(auto|\d+)$/, 'must be a whole number from 1 to 256, or auto')
      .refine((s) => s === 'auto' || (Number(s) >= 1 && Number(s) <= 256), 'must be a whole number from 1 to 256, or auto'),
    default: 1,
    description: 'server processes on this machine (node:cluster), or `auto` for one per core',
  },
  DATABASE_URL: {
    schema: text,
    required: true,
    secret: true,
    description: 'PostgreSQL connection string of the runtime role (a member of portal_app, not the owner)',
  },
  DATABASE_MIGRATION_URL: {
    schema: text,
    secret: true,
    description: 'connection string of the owner role: when set, the server migrates with it at start',
  },
  DATABASE_POOL_SIZE: {
    schema: wholeNumber(1, 1000, 'a whole number of connections from 1 to 1000'),
    default: 20,
    description: "connections in each server process's pool",
  },
  STATIC_DIR: { schema: text, example: 'dist', description: 'the built portal (dist) to serve' },
  COGNITO_REGION: { schema: text, default: 'us-east-1', description: 'Cognito region' },
  COGNITO_USER_POOL_ID: { schema: text, required: true, example: 'us-east-1_XXXXXXXXX', description: 'Cognito user pool id' },
  COGNITO_CLIENT_ID: { schema: text, required: true, example: 'app-client-id', description: "the portal's app client id (the id token audience)" },
  COGNITO_LOCAL_ENDPOINT: { schema: text, description: "local mode only: the identity emulator's endpoint" },
  COGNITO_ISSUER: { schema: text, description: "local mode only: the emulator's token issuer" },
  COGNITO_JWKS_URL: { schema: text, description: "local mode only: the emulator's key set" },
  STORAGE_PROVIDER: provider('S3'),
  S3_BUCKET: { schema: text, description: 'object storage for files; required unless STORAGE_PROVIDER=local' },
  S3_REGION: { schema: text, description: "the bucket's region (default COGNITO_REGION)" },
  OBJECT_STORAGE_DIR: { schema: text, description: 'STORAGE_PROVIDER=local: the folder of the files (required in production)' },
  FILE_URL_SECRET: {
    schema: text,
    secret: true,
    description: 'STORAGE_PROVIDER=local: the HMAC secret of file links, the same on every instance (required in production)',
  },
  CONTENT_PROVIDER: provider('the CMS'),
  CONTENT_URL: { schema: text, description: 'the headless CMS of the content service; required unless CONTENT_PROVIDER=local' },
  CONTENT_TOKEN: { schema: text, secret: true, description: 'the CMS token' },
  MAIL_PROVIDER: { schema: oneOf(['ses', 'local']), description: '`ses` (Amazon SES v2) or `local` (the outbox table); required in production' },
  MAIL_FROM: { schema: text, example: 'no-reply@example.com', description: 'the sender of outgoing mail (required with ses)' },
  MAIL_REGION: { schema: text, description: 'the SES region (default COGNITO_REGION)' },
  PASS_PROVIDER: provider('the PASS API'),
  PASS_API_URL: { schema: text, description: "the PASS partner programme's API; required unless PASS_PROVIDER=local" },
  PASS_API_TOKEN: { schema: text, secret: true, description: 'the PASS API bearer token (required with PASS_API_URL)' },
  COMMERCE_PROVIDER: provider('Saleor'),
  SALEOR_API_URL: { schema: text, description: "the storefront's GraphQL API; required unless COMMERCE_PROVIDER=local" },
  SALEOR_TOKEN: { schema: text, secret: true, description: 'the storefront token (required with SALEOR_API_URL)' },
  SALEOR_CHANNEL: { schema: text, description: 'the storefront channel (required with SALEOR_API_URL)' },
  PAYMENT_PROVIDER: provider('Authorize.Net'),
  AUTHORIZENET_API_LOGIN_ID: { schema: text, description: 'Authorize.Net API login id; required unless PAYMENT_PROVIDER=local' },
  AUTHORIZENET_TRANSACTION_KEY: { schema: text, secret: true, description: 'Authorize.Net transaction key (required with the login id)' },
  AUTHORIZENET_CLIENT_KEY: { schema: text, description: 'Authorize.Net public client key for Accept.js (required with the login id)' },
  AUTHORIZENET_ENVIRONMENT: { schema: oneOf(['sandbox', 'production']), default: 'production', description: 'the Authorize.Net environment' },
  PRESCRIBING_PROVIDER: provider('Photon Health'),
  PHOTON_CLIENT_ID: { schema: text, description: 'Photon Health client id; required unless PRESCRIBING_PROVIDER=local' },
  PHOTON_CLIENT_SECRET: { schema: text, secret: true, description: 'Photon Health client secret (required with the client id)' },
  PHOTON_ORGANIZATION_ID: { schema: text, description: 'Photon Health organisation (required with the client id)' },
  PHOTON_ELEMENTS_CLIENT_ID: { schema: text, description: "the client id of Photon's web component (required with the client id)" },
  PHOTON_ENVIRONMENT: { schema: oneOf(['production', 'sandbox']), default: 'production', description: 'the Photon Health environment' },
  LOCAL_PHARMACY_STEP_SECONDS: {
    schema: decimal(0, 3600, 'a number of seconds from 0 to 3600'),
    description: 'local prescribing: seconds before the pharmacy moves an order on one state (default 60)',
  },
  NPI_PROVIDER: { schema: oneOf(['nppes', 'local']), description: 'NPI lookup: `nppes` (production default) or `local` (local mode default)' },
  NPPES_URL: { schema: text, default: NPPES_DEFAULT_URL, description: 'the NPPES registry API' },
  TRANSCRIPTION_PROVIDER: provider('AWS HealthScribe'),
  TRANSCRIPTION_AUDIO_RETENTION_DAYS: {
    schema: wholeNumber(1, 3650, 'a whole number of days, at least 1'),
    default: DEFAULT_AUDIO_RETENTION_DAYS,
    description: 'days the recorded audio (PHI) is kept after upload',
  },
  HEALTHSCRIBE_DATA_ACCESS_ROLE_ARN: { schema: text, description: "HealthScribe's data-access role; required unless TRANSCRIPTION_PROVIDER=local" },
  HEALTHSCRIBE_OUTPUT_BUCKET: { schema: text, description: 'HealthScribe output bucket (default S3_BUCKET)' },
  HEALTHSCRIBE_REGION: { schema: text, description: 'HealthScribe region (default S3_REGION, then COGNITO_REGION)' },
  HEALTHSCRIBE_OUTPUT_KMS_KEY_ID: { schema: text, description: "KMS key of HealthScribe's output" },
  BOOKING_PUBLIC_URL: { schema: text, default: 'https://book.example.com', description: 'the public booking page (reschedule links)' },
  FOLLOW_UP_CALENDAR_URL_NV: { schema: text, description: 'follow-up calendar of Las Vegas (default BOOKING_PUBLIC_URL/follow-up/las-vegas)' },
  FOLLOW_UP_CALENDAR_URL_CO: { schema: text, description: 'follow-up calendar of Denver (default BOOKING_PUBLIC_URL/follow-up/denver)' },
  RATE_LIMIT_PER_MINUTE: {
    schema: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'a whole number of requests, at least 1'),
    default: 6000,
    description: 'requests a minute per client, one budget for every instance',
  },
  TRUST_PROXY_HOPS: {
    schema: wholeNumber(0, 10, 'a whole number of proxies from 0 to 10'),
    default: 0,
    description: 'proxies in front whose X-Forwarded-For entries are trusted',
  },
  IDENTITY_CACHE_MS: {
    schema: wholeNumber(0, MS_DAY, 'a whole number of milliseconds from 0 to 86400000'),
    default: 30_000,
    description: "how long an instance reuses a user's revocation time and profile (0: off)",
  },
  LOG_LEVEL: { schema: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), default: 'info', description: 'pino log level' },
  SHUTDOWN_DRAIN_MS: {
    schema: wholeNumber(0, 10 * 60_000, 'a whole number of milliseconds from 0 to 600000'),
    default: 0,
    description: 'on SIGTERM, how long /health and /health/ready answer 503 while requests are still served',
  },
  SHUTDOWN_TIMEOUT_MS: {
    schema: wholeNumber(0, 10 * 60_000, 'a whole number of milliseconds from 0 to 600000'),
    default: 10_000,
    description: 'then how long requests in flight may take before they are cut',
  },
  IDLE_TIMEOUT_SECONDS: {
    schema: wholeNumber(2, MAX_IDLE_TIMEOUT_S, `a whole number of seconds from 2 to ${MAX_IDLE_TIMEOUT_S}`),
    default: DEFAULT_IDLE.timeoutSeconds,
    description: 'portal idle logoff',
  },
  IDLE_WARNING_SECONDS: {
    schema: wholeNumber(1, 3599, 'a whole number of seconds, shorter than the idle timeout'),
    description: 'warning before the idle logoff (default 60, at most half a short timeout)',
  },
  BREAK_GLASS_MINUTES: {
    schema: decimal(0, 24 * 60, 'a number of minutes from 0 to 1440', true),
    default: BREAK_GLASS.defaultMinutes,
    description: 'how long a break-glass session lasts',
  },
  METRICS_TOKEN: {
    schema: z.string().min(16, 'must be at least 16 characters'),
    secret: true,
    required: true,
    description: 'bearer token of GET /metrics (Prometheus); required in production; unset in local mode: no /metrics',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    schema: text,
    description: 'OTLP endpoint: when set, traces are exported (needs the optional OpenTelemetry packages, see README)',
  },
} satisfies Record<string, EnvVar>;

export type EnvName = keyof typeof ENV_VARS;
type Out<K extends EnvName> = z.output<(typeof ENV_VARS)[K]['schema']>;
/** The typed values: a variable with a default always has one. */
export type EnvValues = { [K in EnvName]: (typeof ENV_VARS)[K] extends { default: string | number } ? Out<K> : Out<K> | undefined };

/** All variables in one object schema: every bad value is reported at once. */
export const ENV_SCHEMA = z.object(Object.fromEntries(Object.entries(ENV_VARS).map(([k, v]) => [k, v.schema.optional()])));

/**
 * The environment's values, typed, with the defaults applied (unset without a default: undefined), and the problems
 * of the bad ones, one per variable, each naming it ("PORT must be a port number from 1 to 65535").
 */
export function parseEnv(env: NodeJS.ProcessEnv): { values: EnvValues; problems: Map<string, string> } {
  const vars: Record<string, EnvVar> = ENV_VARS;
  const withDefaults = Object.fromEntries(
    Object.entries(vars).flatMap(([k, v]) => {
      const given = env[k] !== undefined && env[k] !== '' ? env[k] : v.default === undefined ? undefined : String(v.default);
      return given === undefined ? [] : [[k, given]];
    }),
  );
  const parsed = ENV_SCHEMA.safeParse(withDefaults);
  const problems = new Map<string, string>();
  if (parsed.success) return { values: parsed.data as EnvValues, problems };
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0]);
    if (!problems.has(name)) problems.set(name, `${name} ${issue.message}`);
  }
  // A bad value falls back to its default, so that the checks depending on it report their own problems too.
  const values = Object.fromEntries(
    Object.entries(withDefaults).flatMap(([k, given]) => {
      const one = vars[k].schema.safeParse(problems.has(k) ? (vars[k].default === undefined ? undefined : String(vars[k].default)) : given);
      return one.success ? [[k, one.data]] : [];
    }),
  );
  return { values: values as EnvValues, problems };
}
