import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoAdmin } from './core';
import type { IdentityAdmin } from './types';

/**
 * Production: the Cognito user pool through the AWS SDK; credentials from the usual AWS chain, which needs
 * cognito-idp:ListUsers, ListUsersInGroup and AdminAddUserToGroup on the pool.
 */
export function cognitoIdentityAdmin(opts: { region: string; userPoolId: string; client?: CognitoIdentityProviderClient }): IdentityAdmin {
  const client = opts.client ?? new CognitoIdentityProviderClient({ region: opts.region });
  return cognitoAdmin('cognito', opts.userPoolId, {
    listUsers: (input) => client.send(new ListUsersCommand(input)),
    listUsersInGroup: (input) => client.send(new ListUsersInGroupCommand(input)),
    adminAddUserToGroup: (input) => client.send(new AdminAddUserToGroupCommand(input)),
  });
}
