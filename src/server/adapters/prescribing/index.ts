import type { ServerConfig } from '../../config';
import type { JobQueue } from '../../jobs/queue';
import { localPrescribing } from './local';
import { DEFAULT_FILL_STEP_SECONDS } from './local-pharmacy';
import { PHOTON_ENVIRONMENTS, photonPrescribing } from './photon';
import type { PrescribingAdapter } from './types';
import type { PrescribingPortalConfig } from '../../../domain/prescriptions/prescriptions';

export type { PrescribingAdapter } from './types';
export { startLocalPharmacy } from './local-pharmacy';

/**
 * The configured prescribing provider: Photon Health when PHOTON_CLIENT_ID is set (config.ts then requires its other
 * settings, and production without any of them refuses to start unless PRESCRIBING_PROVIDER=local), else the local service.
 */
export function createPrescribing(config: Pick<ServerConfig, 'prescribing'>, fetchImpl: typeof fetch = fetch, jobs?: JobQueue): PrescribingAdapter {
  const p = config.prescribing;
  if (p?.provider !== 'photon') return localPrescribing(jobs && { jobs, stepSeconds: localFillStepSeconds(config) });
  const env = PHOTON_ENVIRONMENTS[p.environment];
  return photonPrescribing({ clientId: p.clientId, clientSecret: p.clientSecret, authUrl: env.authUrl, apiUrl: env.apiUrl }, fetchImpl);
}

/** Seconds between two steps of a local pharmacy order (configured, else the default). */
export function localFillStepSeconds(config: Pick<ServerConfig, 'prescribing'>): number {
  const p = config.prescribing;
  return p?.provider === 'photon' ? DEFAULT_FILL_STEP_SECONDS : (p?.fillStepSeconds ?? DEFAULT_FILL_STEP_SECONDS);
}

/** What the portal needs to choose its prescribe screen (served in /config.json; no secret). Local pickup and send-to-patient are on. */
export function prescribingPortalConfig(config: Pick<ServerConfig, 'prescribing'>): PrescribingPortalConfig {
  const p = config.prescribing;
  if (p?.provider !== 'photon') return { provider: 'local' };
  return {
    provider: 'photon',
    clientId: p.elementsClientId,
    organizationId: p.organizationId,
    devMode: p.environment === 'sandbox',
    appUrl: PHOTON_ENVIRONMENTS[p.environment].appUrl,
    enableLocalPickup: true,
    enableSendToPatient: true,
  };
}

/** The origins Photon's web component talks to (CSP connect-src and frame-src), only when Photon is configured. */
export function prescribingOrigins(config: Pick<ServerConfig, 'prescribing'>): string[] {
  const p = config.prescribing;
  if (p?.provider !== 'photon') return [];
  const env = PHOTON_ENVIRONMENTS[p.environment];
  return [env.authUrl, env.apiUrl, env.apiUrl.replace('://api.', '://clinical-api.')];
}
