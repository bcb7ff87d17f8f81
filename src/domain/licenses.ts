import { z } from 'zod';
import { isUsStateOrTerritory } from './states';

/** A clinician licence as stored and returned by /secure/license. */
export interface Licence {
  id: string;
  state: string;
  licenseId: string;
  expirationDate: string; // yyyy-mm-dd
  goodStanding: boolean;
  acknowledgement: boolean;
}

/** Body of POST /secure/license (spec 3 §5: state, licenseId, expirationDate, good standing, acknowledgement). */
export const licenceInputSchema = z.strictObject({
  state: z.string().refine(isUsStateOrTerritory, 'Unknown state'),
  licenseId: z.string().trim().min(1, 'licenseId is required').max(64),
  expirationDate: z.iso.date('expirationDate must be a date (yyyy-mm-dd)'),
  goodStanding: z.boolean(),
  acknowledgement: z.boolean(),
});
export type LicenceInput = z.infer<typeof licenceInputSchema>;

/** A licence is valid when it is in good standing and not expired on `today` (yyyy-mm-dd, the licence's last day counts). */
export function isLicenceValid(licence: Pick<Licence, 'expirationDate' | 'goodStanding'>, today: string): boolean {
  return licence.goodStanding && licence.expirationDate >= today;
}

export interface LicenceStates {
  validStates: string[];
  inValidStates: string[];
  allStates: string[];
}

/**
 * Splits licences into valid and invalid states. A state with at least one valid licence is valid;
 * a state whose licences are all expired or not in good standing is invalid.
 */
export function licenceStates(licences: readonly Pick<Licence, 'state' | 'expirationDate' | 'goodStanding'>[], today: string): LicenceStates {
  const valid = new Set<string>();
  const all = new Set<string>();
  for (const l of licences) {
    all.add(l.state);
    if (isLicenceValid(l, today)) valid.add(l.state);
  }
  const invalid = [...all].filter((s) => !valid.has(s));
  return { validStates: [...valid].sort(), inValidStates: invalid.sort(), allStates: [...all].sort() };
}

/** Today's date as yyyy-mm-dd in UTC. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
