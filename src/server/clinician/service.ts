import {
  e164Phone,
  mayCreateClinicianProfile,
  PROFILE_CREATE_REFUSAL,
  type ClinicianProfileUpdate,
  type LicenceBody,
} from '../../domain/clinician/clinician-profile';
import { expiryRefusal, todayUtc } from '../../domain/clinician/licenses';
import { z } from 'zod';
import type { clinicianProfileCreateSchema } from '../../domain/clinician/clinician-profile';
import { rangeOf } from '../../domain/shared/rest-list';
import {
  SIGN_UP_GROUPS,
  SIGN_UP_TEXT_NOT_PENDING,
  type AddToGroupBody,
  type PendingSignUp,
  type PendingSignUpsQuery,
} from '../../domain/super-admin/sign-ups';
import type { IdentityAdmin, IdentityUser } from '../adapters/identity';
import { signInAcceptedFrom } from '../auth/actor';
import type { DataAccess } from '../data/access';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../errors';
import { sanitizeHtml } from '../sanitize';

/** The signed-in user's account status (even pending or INACTIVE); its name is kept for the PHI access log. */
export async function accountStatus(data: DataAccess) {
  const { actor } = data;
  await data.clinicians.recordPortalUser();
  return { sub: actor.sub, groups: actor.groups, roles: actor.roles, pending: actor.groups.length === 0 };
}

/**
 * Ends every session of the caller on the server: tokens issued until now (this second included, see isRevoked)
 * are refused from the next request. signInAfter: from when a new sign-in is accepted (the next whole second).
 */
export async function signOut(data: DataAccess) {
  const revokedAt = await data.clinicians.signOut();
  return { signedOut: true as const, signInAfter: signInAcceptedFrom(revokedAt).toISOString() };
}

/**
 * A clinician profile created on sign-up: only by a user in the sign-up flow (in no group yet, or only a clinician)
 * who has none yet (409); its id and e-mail from the token, a body naming another id or e-mail refused, never obeyed.
 */
export async function createProfile(data: DataAccess, b: z.output<typeof clinicianProfileCreateSchema>) {
  const { actor } = data;
  if (!mayCreateClinicianProfile(actor.roles)) throw forbidden(PROFILE_CREATE_REFUSAL);
  const email = actor.email;
  if (!email) throw badRequest('the token carries no e-mail');
  if (b.id !== undefined && b.id !== actor.sub) throw forbidden('a profile can only be created for the signed-in user');
  if (b.email !== undefined && b.email.trim().toLowerCase() !== email.toLowerCase()) throw forbidden("the e-mail must be the signed-in user's");
  try {
    await data.transaction((tx) =>
      tx.clinicians.createProfile({
        email,
        firstName: b.firstName ?? actor.givenName,
        lastName: b.lastName ?? actor.familyName,
        mobile: b.mobile ? e164Phone(b.mobile) : null,
      }),
    );
  } catch (e) {
    if (isUniqueViolation(e, 'clinicians_email_uq')) throw conflict('a profile already exists for this e-mail');
    throw e;
  }
  return data.clinicians.writtenProfile();
}

/** The personal information of the caller's own profile (a body naming another profile is 403). */
export async function updateProfile(data: DataAccess, body: ClinicianProfileUpdate) {
  data.clinicians.assertOwnProfile(body.id);
  await data.transaction((tx) => tx.clinicians.updateDetails(body));
  return data.clinicians.writtenProfile();
}

/** A licence already expired is refused on arrival (400, the reason), added or changed. */
function assertNotExpired(expirationDate: string) {
  const refusal = expiryRefusal(expirationDate, todayUtc());
  if (refusal) throw badRequest(refusal);
}

/** One of the caller's licences, added: an expired one refused, a second one for a state a conflict (edit it). */
export function addLicence(data: DataAccess, input: Omit<LicenceBody, 'id'>) {
  data.clinicians.assertOwnProfile(undefined);
  assertNotExpired(input.expirationDate);
  return data.transaction((tx) => tx.clinicians.addLicence(input));
}

/** One of the caller's licences, changed (by its id in the body): pending verification again. */
export function updateLicence(data: DataAccess, { id, ...input }: LicenceBody) {
  data.clinicians.assertOwnProfile(undefined);
  const licenceId = z.guid().safeParse(id);
  if (!licenceId.success) throw badRequest('id of the licence is required');
  assertNotExpired(input.expirationDate);
  return data.transaction((tx) => tx.clinicians.updateLicence(licenceId.data, input));
}

export async function deleteLicence(data: DataAccess, id: string | undefined) {
  data.clinicians.assertOwnProfile(undefined);
  if (!id) throw badRequest('id of the licence is required');
  await data.transaction((tx) => tx.clinicians.deleteLicence(id));
  return { id, deleted: true as const };
}

/** A template's description is stored sanitised (the one sanitiser). */
export const createTemplate = (data: DataAccess, b: { name: string; description: string }) =>
  data.clinicians.templates.create(b.name, sanitizeHtml(b.description));
export const updateTemplate = (data: DataAccess, b: { id: string; name: string; description: string }) =>
  data.clinicians.templates.update(b.id, b.name, sanitizeHtml(b.description));

/** The subs of every member of the portal's groups. */
async function groupMembers(identity: IdentityAdmin): Promise<Set<string>> {
  return new Set((await Promise.all(SIGN_UP_GROUPS.map((g) => identity.groupMembers(g)))).flat());
}

/** A pending sign-up: a confirmed, enabled account in none of the portal's groups. */
const isPending = (u: IdentityUser, inGroup: Set<string>) => u.status === 'CONFIRMED' && u.enabled && !inGroup.has(u.sub);

/**
 * The pending sign-ups with their clinician profile's name when there is one, filtered, sorted and cut as asked (the
 * identity provider lists them whole); the read audited.
 */
export async function pendingSignUps(
  identity: IdentityAdmin,
  data: DataAccess,
  q: PendingSignUpsQuery,
): Promise<{ rows: PendingSignUp[]; total: number }> {
  const [users, inGroup] = await Promise.all([identity.listUsers(), groupMembers(identity)]);
  const pending = users.filter((u) => isPending(u, inGroup));
  const profiles = pending.length
    ? await data.clinicians.signUpProfiles(pending.map((u) => u.sub))
    : new Map<string, { firstName: string; lastName: string }>();
  const list = pending
    .map((u) => {
      const p = profiles.get(u.sub);
      return {
        id: u.sub,
        email: u.email,
        firstName: p?.firstName ?? u.givenName,
        lastName: p?.lastName ?? u.familyName,
        hasProfile: !!p,
        createdAt: u.createdAt,
      };
    })
    .filter((p) => q.filter.hasProfile === undefined || p.hasProfile === q.filter.hasProfile);
  await data.clinicians.auditSignUpsRead();
  return rangeOf(list, q, (p, field) => p[field]);
}

/**
 * Adds a pending sign-up to a portal group (Cognito; locally the emulator's admin API), and so only once: an account
 * already in a group is never given a second one here (409). The user's current tokens are ended, so that its next
 * sign-in carries the group.
 */
export async function addToGroup(identity: IdentityAdmin, data: DataAccess, id: string, group: AddToGroupBody['group']) {
  const user = await identity.findBySub(id);
  if (!user) throw notFound('no such account');
  await data.transaction(async (tx) => {
    // The lock makes a double submit wait for the first call, which then finds the account in its group.
    await tx.clinicians.lockSignUp(id);
    if (!isPending(user, await groupMembers(identity))) throw conflict(SIGN_UP_TEXT_NOT_PENDING);
    await tx.clinicians.groupAdded(id, group);
    // Last, so a refused call rolls the history back; the group is added only when the rest is written.
    try {
      await identity.addUserToGroup(user.username, group);
    } catch (e) {
      // deleted meanwhile (the emulator's code, the SDK's name)
      const name = (e as { code?: string; name?: string }).code ?? (e as Error).name;
      if (name === 'UserNotFoundException') throw notFound('no such account');
      throw e;
    }
  });
  return { id, group };
}
