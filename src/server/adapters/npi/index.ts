import type { ServerConfig } from '../../config';
import { localNpiLookup } from './local';
import { nppesNpiLookup } from './nppes';
import type { NpiLookup } from './types';

export type { NpiLookup } from './types';

/** The configured NPI lookup: the public NPPES registry (production default) or the demo list (NPI_PROVIDER=local). */
export function createNpiLookup(config: Pick<ServerConfig, 'npi'>): NpiLookup {
  return config.npi?.provider === 'nppes' ? nppesNpiLookup(config.npi.url) : localNpiLookup();
}
