import type { ServerConfig } from '../../config';
import { cognitoIdentityAdmin } from './cognito';
import { emulatorIdentityAdmin } from './local';
import type { IdentityAdmin } from './types';

export type { IdentityAdmin, IdentityUser } from './types';

/**
 * The identity emulator's admin API when the server talks to the emulator (local mode with COGNITO_LOCAL_ENDPOINT),
 * else the real user pool (COGNITO_USER_POOL_ID in COGNITO_REGION, both required by the config at start-up).
 */
export function createIdentityAdmin(config: Pick<ServerConfig, 'mode' | 'cognito'>): IdentityAdmin {
  const { endpoint, region, userPoolId } = config.cognito;
  if (!userPoolId) throw new Error('Missing environment variable COGNITO_USER_POOL_ID');
  if (config.mode === 'local' && endpoint) return emulatorIdentityAdmin(endpoint, userPoolId);
  if (!region) throw new Error('Missing environment variable COGNITO_REGION');
  return cognitoIdentityAdmin({ region, userPoolId });
}
