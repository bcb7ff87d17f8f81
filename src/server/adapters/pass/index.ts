import type { ServerConfig } from '../../config';
import { apiPass } from './api';
import { localPass } from './local';
import type { PassAdapter } from './types';

export type { PassAdapter, PassSubmission } from './types';

/** The configured PASS adapter: the PASS API when PASS_API_URL and PASS_API_TOKEN are set, else the local table. */
export function createPassAdapter(config: Pick<ServerConfig, 'pass'>): PassAdapter {
  return config.pass ? apiPass(config.pass) : localPass();
}
