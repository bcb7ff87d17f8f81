import { importJWK, SignJWT, type JWK } from 'jose';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { DEMO, env } from './helpers';

// cognito-local ships its signing key in the npm package: with it we forge tokens whose only flaw is the one under test.
async function emulatorKey() {
  const require = createRequire(import.meta.url);
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(await readFile(file, 'utf8')) as { jwk: JWK & { kid?: string } };
  return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid ?? 'CognitoLocal' };
}

export interface ForgeOptions {
  iss?: string;
  aud?: string;
  exp?: number;
  iat?: number;
  tokenUse?: string | null;
  key?: CryptoKey | Uint8Array;
  kid?: string;
  sub?: string;
  groups?: string[];
  /** auth_time: when the sign-in happened (Cognito keeps it across refreshes); omitted unless given. */
  authTime?: number;
}

/** A token signed like the emulator's (a super admin unless told otherwise), with the one flaw the test asks for. */
export async function forge(over: ForgeOptions = {}) {
  const e = env();
  const { key, kid } = await emulatorKey();
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    'cognito:groups': over.groups ?? ['super_admin'],
    given_name: 'Eve',
    family_name: 'Forger',
    email: 'eve@x.test',
  };
  if (over.tokenUse !== null) claims.token_use = over.tokenUse ?? 'id';
  if (over.authTime !== undefined) claims.auth_time = over.authTime;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: over.kid ?? kid })
    .setSubject(over.sub ?? e.cognito.subs[DEMO.superAdmin])
    .setIssuer(over.iss ?? e.cognito.issuer)
    .setAudience(over.aud ?? e.cognito.clientId)
    .setIssuedAt(over.iat ?? now - 60)
    .setExpirationTime(over.exp ?? now + 600)
    .sign(over.key ?? key);
}
