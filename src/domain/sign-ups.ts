import { z } from 'zod';
import { ROLES } from './roles';

/**
 * Pending sign-ups (issue 17, beyond the spec's texts): a confirmed account in no portal group waits on the
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

export const addToGroupParamsSchema = z.object({ id: z.guid() });
export const addToGroupBodySchema = z.strictObject({ group: z.enum(SIGN_UP_GROUPS) });
export type AddToGroupBody = z.infer<typeof addToGroupBodySchema>;
export const addToGroupResultSchema = z.object({ id: z.string(), group: z.enum(SIGN_UP_GROUPS) });

export const SIGN_UP_TEXT = {
  title: 'Pending sign-ups',
  empty: 'No sign-ups are waiting for review.',
  noProfile: 'no profile yet',
  addToGroup: 'Add to group',
  group: 'Group',
  confirmTitle: 'Add to group',
  confirmContent: 'Add %{name} (%{email}) to the group %{group}? Their next sign-in opens the portal with that role.',
  added: '%{email} was added to %{group}',
  failed: 'Adding to the group failed. %{reason}',
  groups: {
    clinicians: 'Clinician',
    super_admin: 'Super admin',
    auditor_read_only: 'Auditor (read-only)',
    staff: 'Staff',
    operation_support: 'Operation support',
  },
} as const;
