import type { ShutdownSettings } from './http/graceful-shutdown';
import type { IdleSettings } from '../domain/shared/session';

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
  /** Follow-up scheduling: the calendar link of each city, NV (Las Vegas) and CO (Denver); environment settings. */
  followUpCalendarUrls?: { NV: string; CO: string };
  /** Outgoing mail (sign-up and pay links, visit summaries): the local outbox table, or SES; sender from MAIL_FROM. */
  mail?: { provider: 'local' | 'ses'; from: string; region: string };
  /** PASS (partner testing programme) API: results are POSTed there when PASS_API_URL is set (PASS_API_TOKEN then required); else recorded locally. */
  pass?: { url: string; token: string };
  /** Storefront (super-admin orders): Saleor's GraphQL API when SALEOR_API_URL is set (token, channel required); else local tables. */
  commerce?: { url: string; token: string; channel: string };
  /** Transcription engine: the local pocketsphinx recogniser (default), or AWS HealthScribe reading the audio from S3. */
  transcription?: TranscriptionConfig;
  /** Card payments: the local sandbox gateway, or Authorize.Net (Accept.js in the browser, createTransactionRequest here). */
  payment?: PaymentConfig;
  logLevel: string;
  /** How long an instance reuses a user's revocation time and profile (ms; 0: never); notifications drop it sooner. */
  identityCacheMs?: number;
  /** Graceful shutdown on SIGTERM (drain delay, bound on requests in flight); DEFAULT_SHUTDOWN when left out. */
  shutdown?: ShutdownSettings;
  /** Portal idle logoff (IDLE_TIMEOUT_SECONDS, IDLE_WARNING_SECONDS), served in /config.json; DEFAULT_IDLE when left out. */
  idle?: IdleSettings;
  /** E-prescribing: the local prescribing service, or Photon Health (PHOTON_CLIENT_ID and the rest). Unset: local. */
  prescribing?: PrescribingConfig;
  /** Break-glass access: how long a session lasts, in minutes (BREAK_GLASS_MINUTES); default 60. */
  breakGlassMinutes?: number;
  /** Bearer token of GET /metrics (METRICS_TOKEN); unset: no /metrics (production requires it). */
  metricsToken?: string;
  /** OTLP endpoint of OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT); unset: no tracing. */
  otelEndpoint?: string;
}

export type PrescribingConfig =
  | {
      provider: 'local';
      /** Seconds the local pharmacy waits before each step of an order (PLACED → ROUTING → PENDING → COMPLETED). */
      fillStepSeconds?: number;
    }
  | {
      provider: 'photon';
      environment: 'production' | 'sandbox';
      clientId: string;
      clientSecret: string;
      /** The organisation and the single-page client the portal's Photon web component signs in with. */
      organizationId: string;
      elementsClientId: string;
    };

export type TranscriptionConfig =
  | {
      provider: 'local';
      /** Days the recorded audio (PHI) is kept after its upload; discarding deletes it at once. */
      audioRetentionDays: number;
    }
  | {
      provider: 'healthscribe';
      audioRetentionDays: number;
      region: string;
      dataAccessRoleArn: string;
      outputBucket: string;
      outputKmsKeyId?: string;
    };

export type PaymentConfig =
  | { provider: 'local' }
  | {
      provider: 'authorizenet';
      /** sandbox: apitest.authorize.net and jstest.authorize.net; production: api.authorize.net and js.authorize.net. */
      environment: 'sandbox' | 'production';
      apiLoginId: string;
      /** Secret: only ever sent to the gateway. */
      transactionKey: string;
      /** The public client key Accept.js needs in the browser. */
      clientKey: string;
    };
