import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../config';
import { cognitoIdentityAdmin } from './cognito';
import { createIdentityAdmin } from './index';

// Answers recorded in the shape the Cognito user pools API (AWS JSON 1.1) gives, replayed under the real SDK client.
const recorded = JSON.parse(readFileSync(new URL('./cognito.recorded.json', import.meta.url), 'utf8')) as Record<string, unknown>;

function replay(answer: (target: string) => { status: number; body: unknown }) {
  const requests: { target: string; body: Record<string, unknown>; host: string }[] = [];
  const client = new CognitoIdentityProviderClient({
    region: 'us-west-2',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    requestHandler: {
      handle: async (req: { headers: Record<string, string>; body: string | Uint8Array; hostname: string }) => {
        const target = req.headers['x-amz-target'].split('.')[1];
        requests.push({ target, body: JSON.parse(Buffer.from(req.body).toString('utf8')), host: req.hostname });
        const { status, body } = answer(target);
        return {
          response: {
            statusCode: status,
            headers: { 'content-type': 'application/x-amz-json-1.1' },
            body: Readable.from([Buffer.from(JSON.stringify(body))]),
          },
        };
      },
    } as never,
  });
  return { requests, admin: cognitoIdentityAdmin({ region: 'us-west-2', userPoolId: 'us-west-2_AbCdEf123', client }) };
}

describe('identity admin on the Cognito user pool (recorded exchange)', () => {
  it('lists users and group members, finds by sub, adds a user to a group', async () => {
    const { requests, admin } = replay((target) => ({ status: 200, body: recorded[target] }));
    expect(await admin.listUsers()).toEqual([
      {
        sub: '0e5b7c1a-2f4d-4c7e-9a51-3b6f0d2e8a11',
        username: '0e5b7c1a-2f4d-4c7e-9a51-3b6f0d2e8a11',
        email: 'nia.okafor@example.com',
        givenName: 'Nia',
        familyName: 'Okafor',
        status: 'CONFIRMED',
        enabled: true,
        createdAt: '2025-11-23T12:13:20.123Z',
      },
    ]);
    expect(await admin.groupMembers('clinicians')).toEqual(['7d1c2b3a-0000-4a4a-8b8b-1c1c1c1c1c1c']);
    expect((await admin.findBySub('0e5b7c1a-2f4d-4c7e-9a51-3b6f0d2e8a11'))?.email).toBe('nia.okafor@example.com');
    await admin.addUserToGroup('0e5b7c1a-2f4d-4c7e-9a51-3b6f0d2e8a11', 'clinicians');
    expect(requests.map((r) => [r.target, r.body])).toEqual([
      ['ListUsers', { UserPoolId: 'us-west-2_AbCdEf123' }],
      ['ListUsersInGroup', { UserPoolId: 'us-west-2_AbCdEf123', GroupName: 'clinicians' }],
      ['ListUsers', { UserPoolId: 'us-west-2_AbCdEf123', Filter: 'sub = "0e5b7c1a-2f4d-4c7e-9a51-3b6f0d2e8a11"' }],
      ['AdminAddUserToGroup', { UserPoolId: 'us-west-2_AbCdEf123', Username: '0e5b7c1a-2f4d-4c7e-9a51-3b6f0d2e8a11', GroupName: 'clinicians' }],
    ]);
    expect(requests[0].host).toBe('cognito-idp.us-west-2.amazonaws.com');
  });

  it('a malformed sub never reaches a filter; a Cognito error surfaces as the SDK error', async () => {
    const { requests, admin } = replay(() => ({ status: 400, body: recorded.UserNotFoundException }));
    expect(await admin.findBySub('x" or email ^= "')).toBeNull();
    expect(requests).toHaveLength(0);
    await expect(admin.addUserToGroup('nobody', 'clinicians')).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('is chosen by the config: the emulator in local mode with its endpoint, else the user pool', () => {
    const env = { COGNITO_USER_POOL_ID: 'us-east-1_Pool', COGNITO_CLIENT_ID: 'c', DATABASE_URL: 'postgres://x', PORTAL_MODE: 'local' };
    expect(createIdentityAdmin(configFromEnv({ ...env, COGNITO_LOCAL_ENDPOINT: 'http://127.0.0.1:9229' })).provider).toBe('emulator');
    expect(createIdentityAdmin(configFromEnv(env)).provider).toBe('cognito');
    expect(() =>
      createIdentityAdmin({
        mode: 'production',
        cognito: { region: 'us-east-1', userPoolId: '', clientId: 'c', endpoint: null, issuer: '', jwksUrl: '' },
      }),
    ).toThrow(/COGNITO_USER_POOL_ID/);
  });
});
