import { randomBytes } from 'node:crypto';
import { APP_CLIENT_NAME, callCognito, CognitoApiError, USER_POOL_NAME, type DemoUser } from './cognito-client';

export interface ProvisionResult {
  userPoolId: string;
  clientId: string;
  subs: Record<string, string>;
}

type AttributeList = Array<{ Name: string; Value?: string }>;

function subOf(attributes: AttributeList | undefined): string {
  const sub = attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('cognito-local user without sub');
  return sub;
}

export async function provision(endpoint: string, groups: string[], users: DemoUser[]): Promise<ProvisionResult> {
  const call = <T>(action: string, body: object): Promise<T> => callCognito<T>(endpoint, action, body);

  // user pool
  const pools = await call<{ UserPools?: Array<{ Id: string; Name?: string }> }>('ListUserPools', { MaxResults: 60 });
  let userPoolId = pools.UserPools?.find((p) => p.Name === USER_POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await call<{ UserPool: { Id: string } }>('CreateUserPool', {
      PoolName: USER_POOL_NAME,
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      AutoVerifiedAttributes: ['email'],
    });
    userPoolId = created.UserPool.Id;
  }

  // app client
  const clients = await call<{ UserPoolClients?: Array<{ ClientId: string; ClientName?: string }> }>('ListUserPoolClients', {
    UserPoolId: userPoolId,
    MaxResults: 60,
  });
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === APP_CLIENT_NAME)?.ClientId;
  if (!clientId) {
    const created = await call<{ UserPoolClient: { ClientId: string } }>('CreateUserPoolClient', {
      UserPoolId: userPoolId,
      ClientName: APP_CLIENT_NAME,
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // Real Cognito defaults: 60 min access/id tokens, 30 day refresh tokens.
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    });
    clientId = created.UserPoolClient.ClientId;
  }

  // groups (those asked for, plus any a user refers to)
  const wantedGroups = [...new Set([...groups, ...users.flatMap((u) => u.groups)])];
  const existingGroups = await call<{ Groups?: Array<{ GroupName: string }> }>('ListGroups', { UserPoolId: userPoolId });
  const haveGroups = new Set((existingGroups.Groups ?? []).map((g) => g.GroupName));
  for (const group of wantedGroups) {
    if (!haveGroups.has(group)) await call('CreateGroup', { UserPoolId: userPoolId, GroupName: group });
  }

  // users: created if missing; an existing user keeps its password/attributes, gets any missing group
  const subs: Record<string, string> = {};
  for (const u of users) {
    let user: { UserStatus?: string; UserAttributes?: AttributeList } | null = null;
    try {
      user = await call('AdminGetUser', { UserPoolId: userPoolId, Username: u.email });
    } catch (e) {
      if (!(e instanceof CognitoApiError && e.code === 'UserNotFoundException')) throw e;
    }
    if (!user) {
      const created = await call<{ User: { Attributes?: AttributeList; UserStatus?: string } }>('AdminCreateUser', {
        UserPoolId: userPoolId,
        Username: u.email,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: `Tmp-${randomBytes(12).toString('base64url')}1a!`,
        UserAttributes: [
          { Name: 'email', Value: u.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: u.givenName },
          { Name: 'family_name', Value: u.familyName },
        ],
      });
      user = { UserStatus: created.User.UserStatus, UserAttributes: created.User.Attributes };
    }
    // Also finishes a user left half-created by an interrupted earlier start.
    if (user.UserStatus !== 'CONFIRMED') {
      await call('AdminSetUserPassword', {
        UserPoolId: userPoolId,
        Username: u.email,
        Password: u.password,
        Permanent: true,
      });
    }
    const memberOf = await call<{ Groups?: Array<{ GroupName: string }> }>('AdminListGroupsForUser', {
      UserPoolId: userPoolId,
      Username: u.email,
    });
    const inGroups = new Set((memberOf.Groups ?? []).map((g) => g.GroupName));
    for (const group of u.groups) {
      if (!inGroups.has(group)) {
        await call('AdminAddUserToGroup', { UserPoolId: userPoolId, Username: u.email, GroupName: group });
      }
    }
    subs[u.email] = subOf(user.UserAttributes);
  }

  return { userPoolId, clientId, subs };
}
