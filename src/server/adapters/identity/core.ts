import type { IdentityAdmin, IdentityUser, UserType } from './types';

/** The four Cognito actions the identity admin uses, sent over the emulator's JSON API or the AWS SDK. */
export interface CognitoAdminCalls {
  listUsers(input: { UserPoolId: string; Filter?: string; PaginationToken?: string }): Promise<{ Users?: UserType[]; PaginationToken?: string }>;
  listUsersInGroup(input: { UserPoolId: string; GroupName: string; NextToken?: string }): Promise<{ Users?: UserType[]; NextToken?: string }>;
  adminAddUserToGroup(input: { UserPoolId: string; Username: string; GroupName: string }): Promise<unknown>;
}

function attr(u: UserType, name: string): string | null {
  return u.Attributes?.find((a) => a.Name === name)?.Value ?? null;
}

function dateOf(v: UserType['UserCreateDate']): string | null {
  if (v === undefined || v === null) return null;
  // The JSON protocol sends epoch seconds; the SDK answers a Date.
  const d = v instanceof Date ? v : new Date(typeof v === 'number' ? v * 1000 : v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function presentUser(u: UserType): IdentityUser | null {
  const sub = attr(u, 'sub');
  if (!sub || !u.Username) return null;
  return {
    sub,
    username: u.Username,
    email: attr(u, 'email'),
    givenName: attr(u, 'given_name'),
    familyName: attr(u, 'family_name'),
    status: u.UserStatus ?? 'UNKNOWN',
    enabled: u.Enabled !== false,
    createdAt: dateOf(u.UserCreateDate),
  };
}

const present = (users: UserType[] | undefined) => (users ?? []).map(presentUser).filter((u): u is IdentityUser => u !== null);

/** A sub is a UUID; anything else never reaches a Cognito filter expression. */
const SUB = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The identity admin over Cognito's admin actions (paginated lists, the sub filter). */
export function cognitoAdmin(provider: IdentityAdmin['provider'], userPoolId: string, calls: CognitoAdminCalls): IdentityAdmin {
  return {
    provider,
    async listUsers() {
      const out: IdentityUser[] = [];
      let token: string | undefined;
      do {
        const page = await calls.listUsers({ UserPoolId: userPoolId, ...(token ? { PaginationToken: token } : {}) });
        out.push(...present(page.Users));
        token = page.PaginationToken;
      } while (token);
      return out;
    },
    async groupMembers(group) {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await calls.listUsersInGroup({ UserPoolId: userPoolId, GroupName: group, ...(token ? { NextToken: token } : {}) });
        out.push(...present(page.Users).map((u) => u.sub));
        token = page.NextToken;
      } while (token);
      return out;
    },
    async findBySub(sub) {
      if (!SUB.test(sub)) return null;
      const page = await calls.listUsers({ UserPoolId: userPoolId, Filter: `sub = "${sub}"` });
      return present(page.Users).find((u) => u.sub === sub) ?? null;
    },
    async addUserToGroup(username, group) {
      await calls.adminAddUserToGroup({ UserPoolId: userPoolId, Username: username, GroupName: group });
    },
  };
}
