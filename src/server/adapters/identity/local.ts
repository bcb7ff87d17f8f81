import { callCognito } from '../../launcher/cognito-client';
import { cognitoAdmin } from './core';
import type { IdentityAdmin } from './types';

/** Locally: the identity emulator's admin API (AWS JSON protocol on its endpoint; it asks for no AWS credentials). */
export function emulatorIdentityAdmin(endpoint: string, userPoolId: string): IdentityAdmin {
  return cognitoAdmin('emulator', userPoolId, {
    listUsers: (input) => callCognito(endpoint, 'ListUsers', input),
    listUsersInGroup: (input) => callCognito(endpoint, 'ListUsersInGroup', input),
    adminAddUserToGroup: (input) => callCognito(endpoint, 'AdminAddUserToGroup', input),
  });
}
