/**
 * Runtime configuration the API server serves at GET /config.json (same origin), read once at start-up.
 * Kept free of heavy imports: it runs in the entry chunk, before the app chunk is loaded.
 */
import { idleSettings, type IdleSettings } from '../../domain/shared/session';
import type { TokenizerSettings } from '../../domain/payments/payment';

export type AuthFlowType = 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';

export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  authFlowType: AuthFlowType;
  bookingPublicUrl?: string;
  /** Follow-up scheduling: the calendar link of each city; left out when config.json has none. */
  followUpCalendarUrls?: { NV?: string; CO?: string };
  /** Idle logoff (idleTimeoutSeconds / idleWarningSeconds in config.json; 15 min and 1 min when left out). */
  idle: IdleSettings;
  /** The card tokeniser of the Payment screen: the local sandbox, or Accept.js with its public client key. */
  payment?: TokenizerSettings;
  /** E-prescribing: the project's own prescribe form (local), or Photon's web component with its public settings. */
  prescribing?: PrescribingSettings;
}

export type PrescribingSettings =
  | { provider: 'local' }
  | {
      provider: 'photon';
      clientId: string;
      organizationId: string;
      devMode: boolean;
      appUrl: string;
      enableLocalPickup: boolean;
      enableSendToPatient: boolean;
    };

/** The prescribing settings of config.json; anything incomplete is the local form. */
function prescribingOf(raw: unknown): PrescribingSettings {
  const p = (raw ?? {}) as Record<string, unknown>;
  if (p.provider !== 'photon' || !isText(p.clientId) || !isText(p.organizationId) || !isText(p.appUrl)) return { provider: 'local' };
  return {
    provider: 'photon',
    clientId: p.clientId,
    organizationId: p.organizationId,
    devMode: p.devMode === true,
    appUrl: p.appUrl,
    enableLocalPickup: p.enableLocalPickup !== false,
    enableSendToPatient: p.enableSendToPatient !== false,
  };
}

const AUTH_FLOWS: readonly AuthFlowType[] = ['USER_PASSWORD_AUTH', 'USER_SRP_AUTH'];

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Checks the shape of /config.json; throws an Error naming the first bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!raw || typeof raw !== 'object') throw new Error('config.json is not an object');
  const c = raw as Record<string, unknown>;
  for (const key of ['region', 'userPoolId', 'userPoolClientId'] as const) {
    if (!isText(c[key])) throw new Error(`config.json: ${key} is missing`);
  }
  if (!AUTH_FLOWS.includes(c.authFlowType as AuthFlowType)) {
    throw new Error('config.json: authFlowType must be USER_PASSWORD_AUTH or USER_SRP_AUTH');
  }
  for (const key of ['userPoolEndpoint', 'bookingPublicUrl'] as const) {
    if (c[key] !== undefined && c[key] !== null && !isText(c[key])) throw new Error(`config.json: ${key} must be a string`);
  }
  const seconds = (key: string) => {
    if (c[key] === undefined || c[key] === null) return undefined;
    if (typeof c[key] !== 'number') throw new Error(`config.json: ${key} must be a number`);
    return c[key];
  };
  let idle: IdleSettings;
  try {
    idle = idleSettings(seconds('idleTimeoutSeconds'), seconds('idleWarningSeconds'));
  } catch (error) {
    throw new Error(`config.json: ${(error as Error).message}`, { cause: error });
  }
  return {
    region: c.region as string,
    userPoolId: c.userPoolId as string,
    userPoolClientId: c.userPoolClientId as string,
    userPoolEndpoint: isText(c.userPoolEndpoint) ? c.userPoolEndpoint : undefined,
    authFlowType: c.authFlowType as AuthFlowType,
    bookingPublicUrl: isText(c.bookingPublicUrl) ? c.bookingPublicUrl : undefined,
    followUpCalendarUrls: followUpUrls(c.followUpCalendarUrls),
    idle,
    payment: paymentOf(c.payment),
    ...(c.prescribing !== undefined ? { prescribing: prescribingOf(c.prescribing) } : {}),
  };
}

/** The payment tokeniser settings (checked by hand: no schema library in the entry chunk); left out: none. */
function paymentOf(raw: unknown): TokenizerSettings | undefined {
  if (raw === undefined || raw === null) return undefined;
  const p = raw as Record<string, unknown>;
  if (p.provider === 'local') return { provider: 'local' };
  if (
    p.provider === 'authorizenet' &&
    (p.environment === 'sandbox' || p.environment === 'production') &&
    isText(p.apiLoginId) &&
    isText(p.clientKey)
  ) {
    return { provider: 'authorizenet', environment: p.environment, apiLoginId: p.apiLoginId, clientKey: p.clientKey };
  }
  throw new Error('config.json: payment is not valid');
}

/** The follow-up calendar links of config.json: only text values of NV and CO are kept. */
function followUpUrls(raw: unknown): RuntimeConfig['followUpCalendarUrls'] {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  return { NV: isText(r.NV) ? r.NV : undefined, CO: isText(r.CO) ? r.CO : undefined };
}

/** GET /config.json and validate it. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error('config.json is not valid JSON');
  }
  return parseRuntimeConfig(body);
}

/** A readable reason for "Initialization failed: <reason>". */
export const initializationReason = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error || 'unknown cause'));
