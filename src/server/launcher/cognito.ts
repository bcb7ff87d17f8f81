/**
 * Programmatic launcher for the `cognito-local` AWS Cognito emulator.
 *
 * cognito-local runs in-process: its express application is assembled here from the package's own building
 * blocks (the same ones `lib/server/defaults.js` uses) so that
 *   - its data lives in `<dataDir>/db` (no `.cognito` under cwd, no chdir), one instance per dataDir;
 *   - the issuer in its tokens names 127.0.0.1 and the public port;
 *   - the id token carries the standard profile claims (given_name, family_name, ...), through an in-process
 *     PreTokenGeneration trigger (no Lambda endpoint needed);
 *   - the targets cognito-local lacks (GetTokensFromRefreshToken, GlobalSignOut, AdminUserGlobalSignOut,
 *     ResendConfirmationCode) are
 *     added to its router, so one HTTP server on `opts.port` answers everything (no proxy hop);
 *   - sign-in errors look like real Cognito's (NotAuthorizedException "Incorrect username or password.",
 *     "User is disabled.").
 * CORS is cognito-local's own (`cors({ origin: '*' })`, which reflects the requested headers on preflight).
 *
 * Users, groups, the pool and the app client are provisioned over the AWS JSON protocol with plain fetch, and
 * provisioning is idempotent: a second start on the same dataDir reuses what is there.
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeJwt, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { createServer as createCognitoServer } from 'cognito-local/lib/server/server.js';
import { Router, type Route } from 'cognito-local/lib/server/Router.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { UserPoolServiceFactoryImpl, type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { MessagesService } from 'cognito-local/lib/services/messages.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { InvalidParameterError, InvalidPasswordError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors.js';
import { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Triggers } from 'cognito-local/lib/services/triggers/index.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Config } from 'cognito-local/lib/server/config.js';
import { AtomicStormDBDataStoreFactory } from './cognito-store';
import { provision, type ProvisionResult } from './cognito-provision';
import { COGNITO_LOCAL_REGION, type CodeDelivery, type CognitoLocal, type StartCognitoLocalOptions } from './cognito-client';

export * from './cognito-client';

// ---------------------------------------------------------------------------------------------------------------
// Internals
// ---------------------------------------------------------------------------------------------------------------

type CognitoLogger = Parameters<typeof createCognitoServer>[1];
type PinoFactory = (opts: { level: string; redact: string[] }) => CognitoLogger;

// pino is cognito-local's own dependencies: load them from its location, not the project's.
const requireFromHere = createRequire(import.meta.url);
const requireFromCognitoLocal = createRequire(requireFromHere.resolve('cognito-local/package.json'));
const pinoModule = requireFromCognitoLocal('pino') as PinoFactory & { default?: PinoFactory };
const pino: PinoFactory = pinoModule.default ?? pinoModule;
const PUBLIC_JWK = (requireFromCognitoLocal('./lib/keys/cognitoLocal.public.json') as { jwk: JWK }).jwk;

const HOST = '127.0.0.1';

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
const launcherTriggers: Triggers = {
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
function launcherRouter(services: Services): (target: string) => Route {
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

/** Hands each code to the launcher's callback (the local outbox) instead of cognito-local's console box. */
function codeSender(onCode: StartCognitoLocalOptions['onCode']): MessageSender {
  const send = async (medium: CodeDelivery['medium'], user: User, destination: string, code: string | undefined) => {
    if (onCode && code) await onCode({ username: user.Username, medium, destination, code });
  };
  return {
    sendEmail: (_ctx, user, destination, message) => send('EMAIL', user, destination, message.__code),
    sendSms: (_ctx, user, destination, message) => send('SMS', user, destination, message.__code),
  };
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(port, HOST, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    // keep-alive sockets (fetch/undici, browsers) would hold close() open; let in-flight requests finish briefly.
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 1000).unref();
  });
}

export async function startCognitoLocal(opts: StartCognitoLocalOptions): Promise<CognitoLocal> {
  const dataDirectory = path.join(path.resolve(opts.dataDir), 'db');
  mkdirSync(dataDirectory, { recursive: true });

  const logger = pino({
    level: opts.logLevel ?? 'error',
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'body'],
  });
  const ctx: Context = { logger };

  // Filled in once the server listens (supports port 0); read by the token generator at signing time.
  const tokenConfig: { IssuerDomain: string } = { IssuerDomain: `http://${HOST}:${opts.port}` };
  const config: Config = {
    LambdaClient: {},
    TriggerFunctions: {},
    UserPoolDefaults: {},
    TokenConfig: tokenConfig,
    ServerConfig: { port: opts.port, hostname: HOST, development: false, https: false },
  };

  const clock = new DateClock();
  const dataStoreFactory = new AtomicStormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, {});

  // cognito-local names new pools `local_XXXXXXXX`; amplify reads the region from that prefix.
  const createUserPool = cognito.createUserPool.bind(cognito);
  cognito.createUserPool = (c, pool) =>
    createUserPool(c, {
      ...pool,
      Id: pool.Id.replace(/^local_/, `${COGNITO_LOCAL_REGION}_`),
      Arn: pool.Arn?.replace(/:local:local:userpool\/local_/, `:${COGNITO_LOCAL_REGION}:000000000000:userpool/${COGNITO_LOCAL_REGION}_`),
    });

  const services: Services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(launcherTriggers, new MessageDeliveryService(codeSender(opts.onCode))),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, launcherTriggers, tokenConfig),
    triggers: launcherTriggers,
  };

  const app = createCognitoServer(launcherRouter(services), logger, config.ServerConfig, services).application as http.RequestListener;

  const server = http.createServer((req, res) => {
    // cognito-local's discovery document hard-codes http://localhost:9229; answer it with the real URLs.
    const m = req.method === 'GET' ? /^\/([^/?]+)\/\.well-known\/openid-configuration(?:\?.*)?$/.exec(req.url ?? '') : null;
    if (m) {
      const iss = `${tokenConfig.IssuerDomain}/${m[1]}`;
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(
        JSON.stringify({
          issuer: iss,
          jwks_uri: `${iss}/.well-known/jwks.json`,
          authorization_endpoint: `${tokenConfig.IssuerDomain}/oauth2/authorize`,
          token_endpoint: `${tokenConfig.IssuerDomain}/oauth2/token`,
          id_token_signing_alg_values_supported: ['RS256'],
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
        }),
      );
      return;
    }
    app(req, res);
  });
  server.keepAliveTimeout = 5_000;

  const port = await listen(server, opts.port);
  const endpoint = `http://${HOST}:${port}`;
  tokenConfig.IssuerDomain = endpoint;

  let provisioned: ProvisionResult;
  try {
    provisioned = await provision(endpoint, opts.groups, opts.users);
  } catch (e) {
    await closeServer(server);
    throw e;
  }

  const issuer = `${endpoint}/${provisioned.userPoolId}`;
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    region: COGNITO_LOCAL_REGION,
    userPoolId: provisioned.userPoolId,
    clientId: provisioned.clientId,
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    subs: provisioned.subs,
    stop() {
      stopping ??= closeServer(server);
      return stopping;
    },
  };
}
