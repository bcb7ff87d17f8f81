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
import { createServer as createCognitoServer } from 'cognito-local/lib/server/server.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { UserPoolServiceFactoryImpl, type User } from 'cognito-local/lib/services/userPoolService.js';
import { MessagesService } from 'cognito-local/lib/services/messages.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Config } from 'cognito-local/lib/server/config.js';
import { AtomicStormDBDataStoreFactory } from './cognito-store';
import { provision, type ProvisionResult } from './cognito-provision';
import { COGNITO_LOCAL_REGION, type CodeDelivery, type CognitoLocal, type StartCognitoLocalOptions } from './cognito-client';
import { launcherRouter, launcherTriggers } from './cognito-router';

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

const HOST = '127.0.0.1';

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
