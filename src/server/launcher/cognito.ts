/**
 * Programmatic launcher for the `cognito-local` AWS Cognito emulator.
 *
 * cognito-local runs in-process: its express application is assembled here from the package's own building
 * blocks (the same ones `lib/server/defaults.js` uses) so that
 *   - its data lives in `<dataDir>/db` (no `.cognito` under cwd, no chdir), one instance per dataDir;
 *   - the issuer in its tokens names 127.0.0.1 and the public port;
 *   - the id token carries the standard profile claims (given_name, family_name, ...), through an in-process
 *     PreTokenGeneration trigger (no Lambda endpoint needed);
 *   - the targets cognito-local lacks (GetTokensFromRefreshToken, GlobalSignOut, AdminUserGlobalSignOut) are
 *     added to its router, so one HTTP server on `opts.port` answers everything (no proxy hop);
 *   - sign-in errors look like real Cognito's (NotAuthorizedException "Incorrect username or password.",
 *     "User is disabled.").
 * CORS is cognito-local's own (`cors({ origin: '*' })`, which reflects the requested headers on preflight).
 *
 * Users, groups, the pool and the app client are provisioned over the AWS JSON protocol with plain fetch, and
 * provisioning is idempotent: a second start on the same dataDir reuses what is there.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { decodeJwt, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { createServer as createCognitoServer } from 'cognito-local/lib/server/server.js';
import { Router, type Route } from 'cognito-local/lib/server/Router.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { UserPoolServiceFactoryImpl, type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { StormDBDataStore } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { MessagesService } from 'cognito-local/lib/services/messages.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import {
  InvalidParameterError,
  InvalidPasswordError,
  NotAuthorizedError,
} from 'cognito-local/lib/errors.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Triggers } from 'cognito-local/lib/services/triggers/index.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore.js';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory.js';
import type { Config } from 'cognito-local/lib/server/config.js';

// ---------------------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------------------

export interface DemoUser {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  groups: string[];
}

export interface CognitoLocal {
  /** e.g. http://127.0.0.1:9229 — what aws-amplify's Auth.Cognito.userPoolEndpoint should be. */
  endpoint: string;
  /** 'us-east-1' (the user pool id is `us-east-1_XXXXXXXX`, which is where amplify takes its region from). */
  region: string;
  userPoolId: string;
  clientId: string;
  /** Exactly the `iss` claim of the tokens: `http://127.0.0.1:<port>/<userPoolId>`. */
  issuer: string;
  /** `<issuer>/.well-known/jwks.json`. */
  jwksUrl: string;
  /** email -> Cognito `sub` of each ensured user. */
  subs: Record<string, string>;
  stop(): Promise<void>;
}

export interface StartCognitoLocalOptions {
  /** Public port on 127.0.0.1. 0 picks a free one (read it back from `endpoint`). */
  port: number;
  /** Where cognito-local keeps its data (`<dataDir>/db/*.json`); created if missing. */
  dataDir: string;
  users: DemoUser[];
  groups: string[];
  /** Level of cognito-local's own (pino) logging; default 'error'. Never logs request bodies at that level. */
  logLevel?: 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug';
}

export const USER_POOL_NAME = 'clinician-portal';
export const APP_CLIENT_NAME = 'clinician-portal-web';
export const COGNITO_LOCAL_REGION = 'us-east-1';

/** A Cognito-shaped error answer (`{ __type, message }`) from the emulator. */
export class CognitoApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(`${code}: ${message}`);
    this.name = 'CognitoApiError';
  }
}

/** POST one AWS-JSON-protocol call (`AWSCognitoIdentityProviderService.<action>`) to a Cognito endpoint. */
export async function callCognito<T = Record<string, unknown>>(
  endpoint: string,
  action: string,
  body: object,
): Promise<T> {
  const res = await fetch(`${endpoint}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = {};
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = { message: text.slice(0, 200) };
    }
  }
  if (!res.ok) {
    const err = (json ?? {}) as { __type?: unknown; message?: unknown };
    throw new CognitoApiError(
      typeof err.__type === 'string' ? err.__type : `HTTP${res.status}`,
      typeof err.message === 'string' ? err.message : '',
      res.status,
    );
  }
  return json as T;
}

/** InitiateAuth USER_PASSWORD_AUTH through the public endpoint. */
export async function passwordSignIn(
  c: CognitoLocal,
  email: string,
  password: string,
): Promise<{ idToken: string; accessToken: string; refreshToken: string }> {
  const out = await callCognito<{
    ChallengeName?: string;
    AuthenticationResult?: { IdToken?: string; AccessToken?: string; RefreshToken?: string };
  }>(c.endpoint, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: c.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const r = out.AuthenticationResult;
  if (!r?.IdToken || !r.AccessToken || !r.RefreshToken) {
    throw new Error(`passwordSignIn: no tokens (challenge: ${out.ChallengeName ?? 'none'})`);
  }
  return { idToken: r.IdToken, accessToken: r.AccessToken, refreshToken: r.RefreshToken };
}

// ---------------------------------------------------------------------------------------------------------------
// Internals
// ---------------------------------------------------------------------------------------------------------------

type CognitoLogger = Parameters<typeof createCognitoServer>[1];
type PinoFactory = (opts: { level: string; redact: string[] }) => CognitoLogger;
type StormDBInstance = ConstructorParameters<typeof StormDBDataStore>[0];
interface StormEngine {
  init(): object;
  read(): object;
  write(data: object): null;
}
type StormDBCtor = new (engine: StormEngine) => StormDBInstance;

// pino and stormdb are cognito-local's own dependencies: load them from its location, not the project's.
const requireFromHere = createRequire(import.meta.url);
const requireFromCognitoLocal = createRequire(requireFromHere.resolve('cognito-local/package.json'));
const pinoModule = requireFromCognitoLocal('pino') as PinoFactory & { default?: PinoFactory };
const pino: PinoFactory = pinoModule.default ?? pinoModule;
const StormDB = requireFromCognitoLocal('stormdb') as StormDBCtor;
const PUBLIC_JWK = (requireFromCognitoLocal('./lib/keys/cognitoLocal.public.json') as { jwk: JWK }).jwk;

const HOST = '127.0.0.1';

/** Same (de)serialisation as cognito-local's StormDB store: `*Date` fields as ISO strings. */
function serialize(obj: object): string {
  return JSON.stringify(
    obj,
    function (this: Record<string, unknown>, key: string, value: unknown) {
      if (!key.endsWith('Date')) return value;
      const v = this[key];
      return v instanceof Date ? v.toISOString() : value;
    },
    2,
  );
}
function deserialize(text: string): object {
  return JSON.parse(text, (key: string, value: unknown) => {
    if (!key.endsWith('Date')) return value;
    if (typeof value === 'number') return new Date(value);
    if (typeof value === 'string') return new Date(Date.parse(value));
    return value;
  }) as object;
}

/**
 * cognito-local's StormDB engine writes asynchronously with fs.writeFile, so two concurrent saves of one file
 * (e.g. parallel sign-ins storing refresh tokens) can interleave and corrupt it. This engine writes
 * synchronously (no interleaving inside one process) and atomically (temp file + rename).
 */
class AtomicFileEngine implements StormEngine {
  constructor(private readonly file: string) {}
  init(): object {
    if (!existsSync(this.file)) {
      this.write({});
      return {};
    }
    return this.read();
  }
  read(): object {
    const text = readFileSync(this.file, 'utf8');
    return text.trim() === '' ? {} : deserialize(text);
  }
  write(data: object): null {
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, serialize(data));
    renameSync(tmp, this.file);
    return null;
  }
}

class AtomicStormDBDataStoreFactory implements DataStoreFactory {
  constructor(private readonly directory: string) {}
  async create(_ctx: Context, id: string, defaults: object): Promise<DataStore> {
    mkdirSync(this.directory, { recursive: true });
    const db = new StormDB(new AtomicFileEngine(path.join(this.directory, `${id}.json`)));
    db.default(defaults);
    await db.save();
    return new StormDBDataStore(db);
  }
}

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
      default:
        return base(target);
    }
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

interface ProvisionResult {
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

async function provision(endpoint: string, groups: string[], users: DemoUser[]): Promise<ProvisionResult> {
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
  const clients = await call<{ UserPoolClients?: Array<{ ClientId: string; ClientName?: string }> }>(
    'ListUserPoolClients',
    { UserPoolId: userPoolId, MaxResults: 60 },
  );
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
    messages: new MessagesService(launcherTriggers, new MessageDeliveryService(new ConsoleMessageSender())),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, launcherTriggers, tokenConfig),
    triggers: launcherTriggers,
  };

  const app = createCognitoServer(launcherRouter(services), logger, config.ServerConfig, services)
    .application as http.RequestListener;

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
