import { createRequire } from 'node:module';
import { decodeJwt, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { Router, type Route } from 'cognito-local/lib/server/Router.js';
import { type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { InvalidParameterError, InvalidPasswordError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors.js';
import { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Triggers } from 'cognito-local/lib/services/triggers/index.js';
import type { Context } from 'cognito-local/lib/services/context.js';

/**
 * cognito-local's router and triggers as the launcher runs them: the targets cognito-local lacks, real-Cognito-like
 * sign-in errors, and the PreTokenGeneration trigger that puts the standard profile claims in the id token.
 */

// cognito-local's own signing key: load it from its location, not the project's.
const requireFromCognitoLocal = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));
const PUBLIC_JWK = (requireFromCognitoLocal('./lib/keys/cognitoLocal.public.json') as { jwk: JWK }).jwk;

/** Standard OIDC attributes real Cognito puts in the id token and cognito-local leaves out. */
const PROFILE_CLAIMS = new Set([
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
  'phone_number_verified',
  'address',
  'updated_at',
]);

function profileClaims(attributes: ReadonlyArray<{ Name?: string; Value?: string }> | undefined): Record<string, string> {
  const claims: Record<string, string | boolean | number> = {};
  for (const a of attributes ?? []) {
    if (!a.Name || a.Value === undefined || !PROFILE_CLAIMS.has(a.Name)) continue;
    if (a.Name === 'phone_number_verified') claims[a.Name] = a.Value === 'true';
    else if (a.Name === 'updated_at' && /^\d+$/.test(a.Value)) claims[a.Name] = Number(a.Value);
    else claims[a.Name] = a.Value;
  }
  // The trigger response type says string values; JSON-typed claims are what real Cognito emits.
  return claims as Record<string, string>;
}

const notConfigured = (): Promise<never> => Promise.reject(new Error('trigger not configured in cognito-local launcher'));

/** In-process triggers: only PreTokenGeneration, which adds the profile claims to the id token. */
export const launcherTriggers: Triggers = {
  enabled: (trigger) => trigger === 'PreTokenGeneration',
  preTokenGeneration: async (_ctx, event) => ({
    claimsOverrideDetails: { claimsToAddOrOverride: profileClaims(event.userAttributes) },
  }),
  customMessage: notConfigured,
  customEmailSender: notConfigured,
  postAuthentication: notConfigured,
  postConfirmation: notConfigured,
  preSignUp: notConfigured,
  userMigration: notConfigured,
};

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}
function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

async function verifyCognitoLocalJwt(token: string): Promise<JWTPayload | null> {
  try {
    const key = await importJWK(PUBLIC_JWK, 'RS256');
    const { payload } = await jwtVerify(token, key, { algorithms: ['RS256'] });
    return payload;
  } catch {
    return null;
  }
}

/**
 * cognito-local's router plus the targets it lacks, and real-Cognito-like sign-in errors.
 */
export function launcherRouter(services: Services): (target: string) => Route {
  const base = Router(services);

  const userPoolFor = async (ctx: Context, req: Record<string, unknown>): Promise<UserPoolService | null> => {
    const clientId = str(req.ClientId);
    const userPoolId = str(req.UserPoolId);
    try {
      if (userPoolId) return await services.cognito.getUserPool(ctx, userPoolId);
      if (clientId) return await services.cognito.getUserPoolForClientId(ctx, clientId);
    } catch {
      // let the original target produce its own error
    }
    return null;
  };

  const initiateAuth =
    (target: 'InitiateAuth' | 'AdminInitiateAuth'): Route =>
    async (ctx, rawReq) => {
      const req = asRecord(rawReq);
      const flow = str(req.AuthFlow) ?? '';
      const params = asRecord(req.AuthParameters);
      const passwordFlow = flow === 'USER_PASSWORD_AUTH' || flow === 'ADMIN_USER_PASSWORD_AUTH' || flow === 'ADMIN_NO_SRP_AUTH';
      const refreshFlow = flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN';
      const pool = passwordFlow || refreshFlow ? await userPoolFor(ctx, req) : null;
      if (pool) {
        let user: User | null = null;
        const username = str(params.USERNAME);
        const refreshToken = str(params.REFRESH_TOKEN);
        if (passwordFlow && username) user = await pool.getUserByUsername(ctx, username);
        if (refreshFlow && refreshToken) user = await pool.getUserByRefreshToken(ctx, refreshToken);
        if (user && user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
      }
      try {
        return await base(target)(ctx, rawReq);
      } catch (e) {
        if (passwordFlow && (e instanceof InvalidPasswordError || e instanceof NotAuthorizedError)) {
          throw new NotAuthorizedError('Incorrect username or password.');
        }
        if (refreshFlow && e instanceof NotAuthorizedError) throw new NotAuthorizedError('Invalid Refresh Token');
        throw e;
      }
    };

  const getTokensFromRefreshToken: Route = async (ctx, rawReq) => {
    const req = asRecord(rawReq);
    const refreshToken = str(req.RefreshToken);
    const clientId = str(req.ClientId);
    if (!clientId) throw new InvalidParameterError('ClientId is required');
    if (!refreshToken) throw new InvalidParameterError('RefreshToken is required');
    // cognito-local only checks that the token is in the user's list; also check signature and expiry.
    if (!(await verifyCognitoLocalJwt(refreshToken))) throw new NotAuthorizedError('Invalid Refresh Token');
    const out = asRecord(
      await initiateAuth('InitiateAuth')(ctx, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
        ClientMetadata: req.ClientMetadata,
      }),
    );
    const result = asRecord(out.AuthenticationResult);
    const accessToken = str(result.AccessToken);
    const idToken = str(result.IdToken);
    if (!accessToken || !idToken) throw new NotAuthorizedError('Invalid Refresh Token');
    const claims = decodeJwt(accessToken);
    const expiresIn = claims.exp && claims.iat ? claims.exp - claims.iat : 3600;
    // No refresh token rotation: the caller keeps its refresh token (as real Cognito without rotation).
    return { AuthenticationResult: { AccessToken: accessToken, IdToken: idToken, ExpiresIn: expiresIn, TokenType: 'Bearer' } };
  };

  const signOutUser = async (ctx: Context, pool: UserPoolService, user: User): Promise<void> => {
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
  };

  const globalSignOut: Route = async (ctx, rawReq) => {
    const req = asRecord(rawReq);
    const accessToken = str(req.AccessToken);
    if (!accessToken) throw new InvalidParameterError('AccessToken is required');
    const claims = await verifyCognitoLocalJwt(accessToken);
    const clientId = str(claims?.client_id);
    const username = str(claims?.username);
    if (!claims || claims.token_use !== 'access' || !clientId || !username) {
      throw new NotAuthorizedError('Invalid Access Token');
    }
    const pool = await userPoolFor(ctx, { ClientId: clientId });
    const user = pool ? await pool.getUserByUsername(ctx, username) : null;
    if (!pool || !user) throw new NotAuthorizedError('Invalid Access Token');
    await signOutUser(ctx, pool, user);
    return {};
  };

  const adminUserGlobalSignOut: Route = async (ctx, rawReq) => {
    const req = asRecord(rawReq);
    const userPoolId = str(req.UserPoolId);
    const username = str(req.Username);
    if (!userPoolId || !username) throw new InvalidParameterError('UserPoolId and Username are required');
    const pool = await services.cognito.getUserPool(ctx, userPoolId);
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) throw new NotAuthorizedError('User does not exist.');
    await signOutUser(ctx, pool, user);
    return {};
  };

  /** A new sign-up code for an unconfirmed user, delivered like the first one (onCode: the local outbox). */
  const resendConfirmationCode: Route = async (ctx, rawReq) => {
    const req = asRecord(rawReq);
    const clientId = str(req.ClientId);
    const username = str(req.Username);
    if (!clientId || !username) throw new InvalidParameterError('ClientId and Username are required');
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) throw new UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const delivery = selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? [], user);
    if (!delivery) throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
    const code = services.otp();
    await services.messages.deliver(ctx, 'ResendCode', clientId, pool.options.Id, user, code, undefined, delivery);
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
    return { CodeDeliveryDetails: delivery };
  };

  return (target) => {
    switch (target) {
      case 'InitiateAuth':
      case 'AdminInitiateAuth':
        return initiateAuth(target);
      case 'GetTokensFromRefreshToken':
        return getTokensFromRefreshToken;
      case 'GlobalSignOut':
        return globalSignOut;
      case 'AdminUserGlobalSignOut':
        return adminUserGlobalSignOut;
      case 'ResendConfirmationCode':
        return resendConfirmationCode;
      default:
        return base(target);
    }
  };
}
