/** An account in the identity provider (the Cognito user pool), as the super admin's pending sign-up list shows it. */
export interface IdentityUser {
  /** The stable subject (`sub`), which is also the clinician profile's id. */
  sub: string;
  /** The pool's user name (what the admin calls take). */
  username: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  /** Cognito's UserStatus: UNCONFIRMED, CONFIRMED, FORCE_CHANGE_PASSWORD, ... */
  status: string;
  enabled: boolean;
  createdAt: string | null;
}

/**
 * Administration of the identity provider's accounts (beyond the spec: the super admin puts a signed-up user in a group).
 * Locally the identity emulator's admin API; in production the Cognito user pool (AWS SDK, credentials from the AWS chain).
 */
export interface IdentityAdmin {
  readonly provider: 'emulator' | 'cognito';
  /** Every account of the pool. */
  listUsers(): Promise<IdentityUser[]>;
  /** The subs of a group's members. */
  groupMembers(group: string): Promise<string[]>;
  /** The account with this sub, or null. */
  findBySub(sub: string): Promise<IdentityUser | null>;
  /** AdminAddUserToGroup (idempotent); the user's next token carries the group. */
  addUserToGroup(username: string, group: string): Promise<void>;
}

/** The AWS JSON protocol's shapes, which the SDK's commands share. */
export type AttributeList = Array<{ Name?: string; Value?: string }>;
export interface UserType {
  Username?: string;
  Attributes?: AttributeList;
  UserStatus?: string;
  Enabled?: boolean;
  UserCreateDate?: Date | number | string;
}
