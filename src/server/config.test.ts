import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from './config';

const identity = { COGNITO_USER_POOL_ID: 'us-east-1_abc', COGNITO_CLIENT_ID: 'client', DATABASE_URL: 'postgres://x' };
/** Every vendor configured for real: what a production start needs. */
const production = {
  ...identity,
  S3_BUCKET: 'phi-bucket',
  MAIL_PROVIDER: 'ses',
  MAIL_FROM: 'no-reply@x.test',
  PASS_API_URL: 'https://pass.example/api',
  PASS_API_TOKEN: 't',
  CONTENT_URL: 'https://cms.example',
  HEALTHSCRIBE_DATA_ACCESS_ROLE_ARN: 'arn:aws:iam::1:role/scribe',
  SALEOR_API_URL: 'https://shop.example/graphql/',
  SALEOR_TOKEN: 'st',
  SALEOR_CHANNEL: 'default-channel',
  AUTHORIZENET_API_LOGIN_ID: 'login',
  AUTHORIZENET_TRANSACTION_KEY: 'txkey',
  AUTHORIZENET_CLIENT_KEY: 'client-key',
  PHOTON_CLIENT_ID: 'photon-m2m',
  PHOTON_CLIENT_SECRET: 'photon-secret',
  PHOTON_ORGANIZATION_ID: 'org_1',
  PHOTON_ELEMENTS_CLIENT_ID: 'photon-spa',
  METRICS_TOKEN: 'metrics-token-0123456789',
};
const without = (name: keyof typeof production) => Object.fromEntries(Object.entries(production).filter(([k]) => k !== name));

describe('configFromEnv', () => {
  it('the follow-up calendar link of each city comes from the environment, else the public booking page of the city', () => {
    expect(
      configFromEnv({ ...production, FOLLOW_UP_CALENDAR_URL_NV: 'https://cal.example/lv', FOLLOW_UP_CALENDAR_URL_CO: 'https://cal.example/den' })
        .followUpCalendarUrls,
    ).toEqual({ NV: 'https://cal.example/lv', CO: 'https://cal.example/den' });
    expect(configFromEnv({ ...production, BOOKING_PUBLIC_URL: 'https://book.example/' }).followUpCalendarUrls).toEqual({
      NV: 'https://book.example/follow-up/las-vegas',
      CO: 'https://book.example/follow-up/denver',
    });
  });
  it('the local pharmacy steps every LOCAL_PHARMACY_STEP_SECONDS (default when unset), 0 to 3600 seconds', () => {
    const local = { ...production, PRESCRIBING_PROVIDER: 'local' };
    expect(configFromEnv(local).prescribing).toEqual({ provider: 'local' });
    expect(configFromEnv({ ...local, LOCAL_PHARMACY_STEP_SECONDS: '0.5' }).prescribing).toEqual({ provider: 'local', fillStepSeconds: 0.5 });
    for (const bad of ['-1', 'soon', '3601'])
      expect(() => configFromEnv({ ...local, LOCAL_PHARMACY_STEP_SECONDS: bad })).toThrow(/LOCAL_PHARMACY_STEP_SECONDS/);
  });

  it('production derives the AWS issuer and ignores emulator settings', () => {
    const c = configFromEnv({
      ...production,
      COGNITO_ISSUER: 'http://127.0.0.1:9229/us-east-1_abc',
      COGNITO_LOCAL_ENDPOINT: 'http://127.0.0.1:9229',
    });
    expect(c.mode).toBe('production');
    expect(c.cognito.issuer).toBe('https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc');
    expect(c.cognito.jwksUrl).toBe('https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc/.well-known/jwks.json');
    expect(c.cognito.endpoint).toBeNull();
  });
  it('production uses the real vendors: S3, SES, PASS API, CMS, NPPES', () => {
    const c = configFromEnv(production);
    expect(c.storage).toEqual({ kind: 's3', bucket: 'phi-bucket', region: 'us-east-1' });
    expect(c.mail?.provider).toBe('ses');
    expect(c.pass).toEqual({ url: 'https://pass.example/api', token: 't' });
    expect(c.contentUrl).toBe('https://cms.example');
    expect(c.npi).toEqual({ provider: 'nppes', url: 'https://npiregistry.cms.hhs.gov/api/' });
    expect(c.transcription).toEqual({
      provider: 'healthscribe',
      audioRetentionDays: 30,
      region: 'us-east-1',
      dataAccessRoleArn: 'arn:aws:iam::1:role/scribe',
      outputBucket: 'phi-bucket',
    });
  });
  it('transcription: HealthScribe needs its role and S3 audio; the local engine only when chosen; retention in whole days', () => {
    expect(() => configFromEnv(without('HEALTHSCRIBE_DATA_ACCESS_ROLE_ARN'))).toThrow(
      /HEALTHSCRIBE_DATA_ACCESS_ROLE_ARN.*TRANSCRIPTION_PROVIDER=local/,
    );
    const localFiles = { ...without('S3_BUCKET'), STORAGE_PROVIDER: 'local', OBJECT_STORAGE_DIR: '/srv/files', FILE_URL_SECRET: 's' };
    expect(() => configFromEnv(localFiles)).toThrow(/HealthScribe reads the audio from S3/);
    expect(configFromEnv({ ...localFiles, TRANSCRIPTION_PROVIDER: 'local', TRANSCRIPTION_AUDIO_RETENTION_DAYS: '7' }).transcription).toEqual({
      provider: 'local',
      audioRetentionDays: 7,
    });
    expect(() => configFromEnv({ ...production, TRANSCRIPTION_AUDIO_RETENTION_DAYS: '0' })).toThrow(/RETENTION/);
    expect(configFromEnv({ ...production, HEALTHSCRIBE_OUTPUT_BUCKET: 'scribe-out' }).transcription).toMatchObject({ outputBucket: 'scribe-out' });
  });
  it('production refuses to start half-configured, naming the missing variable', () => {
    expect(() => configFromEnv(without('S3_BUCKET'))).toThrow(/S3_BUCKET.*STORAGE_PROVIDER=local/);
    expect(() => configFromEnv(without('MAIL_PROVIDER'))).toThrow(/MAIL_PROVIDER/);
    expect(() => configFromEnv(without('PASS_API_URL'))).toThrow(/PASS_API_URL.*PASS_PROVIDER=local/);
    expect(() => configFromEnv(without('PASS_API_TOKEN'))).toThrow(/PASS_API_TOKEN/);
    expect(() => configFromEnv(without('CONTENT_URL'))).toThrow(/CONTENT_URL.*CONTENT_PROVIDER=local/);
    expect(() => configFromEnv({ ...production, MAIL_PROVIDER: 'ses', MAIL_FROM: '' })).toThrow(/MAIL_FROM/);
    expect(() => configFromEnv(without('AUTHORIZENET_API_LOGIN_ID'))).toThrow(/AUTHORIZENET_API_LOGIN_ID.*PAYMENT_PROVIDER=local/);
    expect(() => configFromEnv(without('AUTHORIZENET_TRANSACTION_KEY'))).toThrow(/AUTHORIZENET_TRANSACTION_KEY/);
    expect(() => configFromEnv(without('AUTHORIZENET_CLIENT_KEY'))).toThrow(/AUTHORIZENET_CLIENT_KEY/);
  });
  it('payments: Authorize.Net in production (its sandbox when chosen); the local sandbox gateway only when chosen or in local mode', () => {
    expect(configFromEnv(production).payment).toEqual({
      provider: 'authorizenet',
      environment: 'production',
      apiLoginId: 'login',
      transactionKey: 'txkey',
      clientKey: 'client-key',
    });
    expect(configFromEnv({ ...production, AUTHORIZENET_ENVIRONMENT: 'sandbox' }).payment).toMatchObject({ environment: 'sandbox' });
    expect(() => configFromEnv({ ...production, AUTHORIZENET_ENVIRONMENT: 'test' })).toThrow(/AUTHORIZENET_ENVIRONMENT/);
    expect(configFromEnv({ ...without('AUTHORIZENET_API_LOGIN_ID'), PAYMENT_PROVIDER: 'local' }).payment).toEqual({ provider: 'local' });
    expect(configFromEnv({ ...identity, PORTAL_MODE: 'local' }).payment).toEqual({ provider: 'local' });
  });
  it('production runs a local implementation only when the operator chooses it, with a fixed file secret', () => {
    const chosen = {
      ...without('S3_BUCKET'),
      STORAGE_PROVIDER: 'local',
      OBJECT_STORAGE_DIR: '/srv/files',
      FILE_URL_SECRET: 's3cret',
      TRANSCRIPTION_PROVIDER: 'local',
    };
    expect(configFromEnv(chosen).storage).toEqual({ kind: 'local', root: '/srv/files', secret: 's3cret' });
    expect(() => configFromEnv({ ...chosen, FILE_URL_SECRET: '' })).toThrow(/FILE_URL_SECRET/);
    expect(configFromEnv({ ...without('PASS_API_URL'), PASS_PROVIDER: 'local' }).pass).toBeUndefined();
    expect(configFromEnv({ ...production, NPI_PROVIDER: 'local' }).npi).toEqual({ provider: 'local' });
  });
  it('local mode trusts the configured emulator issuer and needs no vendor', () => {
    const c = configFromEnv({
      ...identity,
      PORTAL_MODE: 'local',
      COGNITO_ISSUER: 'http://127.0.0.1:9229/us-east-1_abc',
      COGNITO_LOCAL_ENDPOINT: 'http://127.0.0.1:9229',
    });
    expect(c.cognito.issuer).toBe('http://127.0.0.1:9229/us-east-1_abc');
    expect(c.cognito.endpoint).toBe('http://127.0.0.1:9229');
    expect(c.storage.kind).toBe('local');
    expect(c.npi).toEqual({ provider: 'local' });
  });
  it('local mode refuses to listen beyond loopback (its token key is public)', () => {
    expect(() => configFromEnv({ ...identity, PORTAL_MODE: 'local', HOST: '0.0.0.0' })).toThrow(/loopback/);
  });
  it('refuses to start without its required settings', () => {
    expect(() => configFromEnv({ COGNITO_USER_POOL_ID: 'x', COGNITO_CLIENT_ID: 'y' })).toThrow(/DATABASE_URL/);
  });
  it('idle logoff: 15 minutes with a one-minute warning by default, IDLE_TIMEOUT_SECONDS / IDLE_WARNING_SECONDS otherwise', () => {
    expect(configFromEnv(production).idle).toEqual({ timeoutSeconds: 900, warningSeconds: 60 });
    expect(configFromEnv({ ...production, IDLE_TIMEOUT_SECONDS: '600' }).idle).toEqual({ timeoutSeconds: 600, warningSeconds: 60 });
    expect(configFromEnv({ ...production, IDLE_TIMEOUT_SECONDS: '8', IDLE_WARNING_SECONDS: '4' }).idle).toEqual({
      timeoutSeconds: 8,
      warningSeconds: 4,
    });
    expect(() => configFromEnv({ ...production, IDLE_TIMEOUT_SECONDS: 'never' })).toThrow(/IDLE_TIMEOUT_SECONDS/);
    expect(() => configFromEnv({ ...production, IDLE_TIMEOUT_SECONDS: '86400' })).toThrow(/IDLE_TIMEOUT_SECONDS/);
    expect(() => configFromEnv({ ...production, IDLE_WARNING_SECONDS: '900' })).toThrow(/IDLE_WARNING_SECONDS/);
  });
  it('rate limit: TRUST_PROXY_HOPS trusted proxies in front (default 0: the socket address), RATE_LIMIT_PER_MINUTE per client; bad values stop the start', () => {
    expect(configFromEnv(production)).toMatchObject({ trustProxyHops: 0, rateLimitPerMinute: 6000 });
    expect(configFromEnv({ ...production, TRUST_PROXY_HOPS: '2', RATE_LIMIT_PER_MINUTE: '300' })).toMatchObject({
      trustProxyHops: 2,
      rateLimitPerMinute: 300,
    });
    for (const bad of ['-1', '1.5', 'true', 'all', '11', ' ']) {
      expect(() => configFromEnv({ ...production, TRUST_PROXY_HOPS: bad })).toThrow(
        'TRUST_PROXY_HOPS must be a whole number of proxies from 0 to 10',
      );
    }
    for (const bad of ['0', '-5', '2.5', 'lots']) {
      expect(() => configFromEnv({ ...production, RATE_LIMIT_PER_MINUTE: bad })).toThrow(
        'RATE_LIMIT_PER_MINUTE must be a whole number of requests, at least 1',
      );
    }
  });

  it('numbers are bounded whole numbers with their defaults: ports, pool size, cache and shutdown times', () => {
    expect(configFromEnv(production)).toMatchObject({
      port: 8080,
      databasePoolSize: 20,
      identityCacheMs: 30_000,
      shutdown: { drainMs: 0, timeoutMs: 10_000 },
    });
    expect(configFromEnv({ ...production, PORT: '9000', DATABASE_POOL_SIZE: '5', SHUTDOWN_DRAIN_MS: '1500' })).toMatchObject({
      port: 9000,
      databasePoolSize: 5,
      shutdown: { drainMs: 1500, timeoutMs: 10_000 },
    });
    for (const bad of ['0', '65536', '80.5', 'http', '-1'])
      expect(() => configFromEnv({ ...production, PORT: bad })).toThrow('PORT must be a port number from 1 to 65535');
    for (const bad of ['0', 'many', '1001'])
      expect(() => configFromEnv({ ...production, DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE must be/);
    expect(() => configFromEnv({ ...production, SHUTDOWN_TIMEOUT_MS: '10s' })).toThrow(/SHUTDOWN_TIMEOUT_MS must be/);
    expect(() => configFromEnv({ ...production, IDENTITY_CACHE_MS: 'NaN' })).toThrow(/IDENTITY_CACHE_MS must be/);
    expect(() => configFromEnv({ ...production, LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => configFromEnv({ ...production, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY must be/);
  });
  it('a bad start lists every problem at once, each naming its variable', () => {
    const env = { ...without('DATABASE_URL'), PORT: 'eighty', RATE_LIMIT_PER_MINUTE: '0', MAIL_PROVIDER: '', S3_BUCKET: '' };
    let error: unknown;
    try {
      configFromEnv(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual(
      expect.arrayContaining([
        'PORT must be a port number from 1 to 65535',
        'RATE_LIMIT_PER_MINUTE must be a whole number of requests, at least 1',
        'Missing environment variable DATABASE_URL',
        expect.stringMatching(/^Missing environment variable MAIL_PROVIDER/),
        expect.stringMatching(/^Missing environment variable S3_BUCKET \(or set STORAGE_PROVIDER=local/),
      ]),
    );
    expect((error as ConfigError).problems).toHaveLength(5);
    expect((error as Error).message).toMatch(/5 problems/);
  });
  it('production requires the metrics token (at least 16 characters); local mode runs without /metrics', () => {
    expect(() => configFromEnv(without('METRICS_TOKEN'))).toThrow(/METRICS_TOKEN/);
    expect(() => configFromEnv({ ...production, METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    expect(configFromEnv(production).metricsToken).toBe('metrics-token-0123456789');
    expect(configFromEnv({ ...identity, PORTAL_MODE: 'local' }).metricsToken).toBeUndefined();
  });
});
