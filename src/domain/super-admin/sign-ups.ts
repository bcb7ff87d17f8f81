import { z } from 'zod';
import { restListQuery } from '../shared/rest-list';
import { ROLES } from '../shared/roles';

/**
 * Pending sign-ups (beyond the spec's texts): a confirmed account in no portal group waits on the
 * pending-review screen until a super admin adds it to one of the five groups.
 */
export const SIGN_UP_GROUPS = ROLES;

export const pendingSignUpSchema = z.object({
  /** The account's sub (the clinician profile's id once created). */
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Whether the clinician profile was created after the code step. */
  hasProfile: z.boolean(),
  createdAt: z.string().nullable(),
});
export type PendingSignUp = z.infer<typeof pendingSignUpSchema>;

/** The list of pending sign-ups: filter {"hasProfile": true|false}, newest first unless sorted otherwise. */
export const pendingSignUpsQuerySchema = restListQuery({
  filter: z.strictObject({ hasProfile: z.boolean({ error: 'Has profile must be true or false' }).optional() }),
  sort: ['createdAt', 'email', 'lastName'],
  defaultSort: ['createdAt', 'DESC'],
  maxRows: 500,
});
export type PendingSignUpsQuery = z.output<typeof pendingSignUpsQuerySchema>;

export const addToGroupParamsSchema = z.object({ id: z.guid() });
export const addToGroupBodySchema = z.strictObject({ group: z.enum(SIGN_UP_GROUPS) });
export type AddToGroupBody = z.infer<typeof addToGroupBodySchema>;
export const addToGroupResultSchema = z.object({ id: z.string(), group: z.enum(SIGN_UP_GROUPS) });

/** Add to group is for a pending sign-up only (confirmed, enabled, in no portal group): once, never a second group. */
export const SIGN_UP_TEXT_NOT_PENDING =
  'This account is not a pending sign-up: its e-mail is not confirmed, it is disabled, or it is already in a group';
