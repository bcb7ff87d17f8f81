import { z } from 'zod';
import { restListQuery } from '../shared/rest-list';
import { isUsStateOrTerritory } from '../shared/states';
import { LICENCE_TEXT } from '../i18n/en/profile';

/** A clinician licence as stored and returned by /secure/license. */
export interface Licence {
  id: string;
  state: string;
  licenseId: string;
  expirationDate: string; // yyyy-mm-dd
  goodStanding: boolean;
  acknowledgement: boolean;
}

/**
 * Licence numbers: letters and digits, in groups joined by one dash, dot, slash or space (e.g. NV-RN-010231); at most
 * 64 characters. Anything else (markup, sentences) is not a licence number.
 */
export const LICENCE_NUMBER = /^[A-Za-z0-9]+(?:[ ./-][A-Za-z0-9]+)*$/;
export const LICENCE_RULE_TEXT = {
  number: 'A licence number has only letters and digits, with single dashes, dots, slashes or spaces between them',
  pastExpiry: 'The expiration date is in the past',
  duplicateState: 'You already have a licence for this state: edit that one',
} as const;
export const licenceNumberSchema = z.string().trim().min(1, 'licenseId is required').max(64).regex(LICENCE_NUMBER, LICENCE_RULE_TEXT.number);

/** Body of POST /secure/license (spec 3 §5: state, licenseId, expirationDate, good standing, acknowledgement). */
export const licenceInputSchema = z.strictObject({
  state: z.string().refine(isUsStateOrTerritory, 'Unknown state'),
  licenseId: licenceNumberSchema,
  expirationDate: z.iso.date('expirationDate must be a date (yyyy-mm-dd)'),
  goodStanding: z.boolean(),
  acknowledgement: z.boolean(),
});
export type LicenceInput = z.infer<typeof licenceInputSchema>;

/** A licence is valid when it is in good standing and not expired on `today` (yyyy-mm-dd, the licence's last day counts). */
export function isLicenceValid(licence: Pick<Licence, 'expirationDate' | 'goodStanding'>, today: string): boolean {
  return licence.goodStanding && !isLicenceExpired(licence, today);
}

/** Expired: its last day (expirationDate) is before `today`. */
export const isLicenceExpired = (licence: Pick<Licence, 'expirationDate'>, today: string) => licence.expirationDate < today;

/** Why a licence may not be added or changed to this expiration date, or null: one already past is refused (spec 3 §5). */
export const expiryRefusal = (expirationDate: string, today: string): string | null =>
  isLicenceExpired({ expirationDate }, today) ? LICENCE_RULE_TEXT.pastExpiry : null;

/**
 * THE rule of which licences open a state's patients: a licence the clinician declared (added or changed) counts only
 * once a super admin verified it, and only while it is valid. Until then it is pending verification.
 */
export function countsForScope(licence: Pick<Licence, 'expirationDate' | 'goodStanding'> & { verified: boolean }, today: string): boolean {
  return licence.verified && isLicenceValid(licence, today);
}

/** Why a super admin may not verify this licence now, or null: an expired licence cannot be verified. */
export function verifyRefusal(licence: Pick<Licence, 'expirationDate'>, today: string): string | null {
  return isLicenceExpired(licence, today) ? LICENCE_TEXT.expiredNotVerifiable : null;
}

export interface LicenceStates {
  /** States of a verified, valid licence: the licence states of the patient scope. */
  validStates: string[];
  /** States whose valid licences all await a super admin's verification (not in the scope yet). */
  pendingStates: string[];
  /** States whose licences are all expired or not in good standing. */
  inValidStates: string[];
  allStates: string[];
}

/**
 * Splits licences into valid, pending and invalid states. A state with at least one verified valid licence is valid;
 * else one with a valid licence awaiting verification is pending; else (every licence expired or not in good
 * standing) it is invalid.
 */
export function licenceStates(
  licences: readonly (Pick<Licence, 'state' | 'expirationDate' | 'goodStanding'> & { verified: boolean })[],
  today: string,
): LicenceStates {
  const valid = new Set<string>();
  const unverified = new Set<string>();
  const all = new Set<string>();
  for (const l of licences) {
    all.add(l.state);
    if (countsForScope(l, today)) valid.add(l.state);
    else if (isLicenceValid(l, today)) unverified.add(l.state);
  }
  const pending = [...unverified].filter((s) => !valid.has(s));
  const invalid = [...all].filter((s) => !valid.has(s) && !unverified.has(s));
  return { validStates: [...valid].sort(), pendingStates: pending.sort(), inValidStates: invalid.sort(), allStates: [...all].sort() };
}

/** Today's date as yyyy-mm-dd in UTC. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The super admin's list of every clinician's licences: filter {"verified": true|false}, sorted by clinician (last
 * name, first name), state or expiry, at most 1000 rows a request.
 */
export const allLicencesQuerySchema = restListQuery({
  filter: z.strictObject({ verified: z.boolean({ error: 'Verified must be true or false' }).optional() }),
  sort: ['clinicianName', 'state', 'expirationDate'],
  defaultSort: ['clinicianName', 'ASC'],
  maxRows: 1000,
});
export type AllLicencesQuery = z.output<typeof allLicencesQuerySchema>;
