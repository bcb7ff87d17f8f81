import type { Physician } from '../../../domain/clinician/npi';

/** NPI lookup by a physician's name (spec 2 §5): the best match under the domain's name rule, or null. */
export interface NpiLookup {
  find(name: string): Promise<Physician | null>;
}
