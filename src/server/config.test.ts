import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

const base = { COGNITO_USER_POOL_ID: 'us-east-1_abc', COGNITO_CLIENT_ID: 'client', DATABASE_URL: 'postgres://x' };

describe('configFromEnv', () => {
  it('production derives the AWS issuer and ignores emulator settings', () => {
    const c = configFromEnv({ ...base, COGNITO_ISSUER: 'http://127.0.0.1:9229/us-east-1_abc', COGNITO_LOCAL_ENDPOINT: 'http://127.0.0.1:9229' });
    expect(c.mode).toBe('production');
    expect(c.cognito.issuer).toBe('https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc');
    expect(c.cognito.jwksUrl).toBe('https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc/.well-known/jwks.json');
    expect(c.cognito.endpoint).toBeNull();
  });
  it('local mode trusts the configured emulator issuer', () => {
    const c = configFromEnv({ ...base, PORTAL_MODE: 'local', COGNITO_ISSUER: 'http://127.0.0.1:9229/us-east-1_abc', COGNITO_LOCAL_ENDPOINT: 'http://127.0.0.1:9229' });
    expect(c.cognito.issuer).toBe('http://127.0.0.1:9229/us-east-1_abc');
    expect(c.cognito.endpoint).toBe('http://127.0.0.1:9229');
  });
  it('refuses to start without its required settings', () => {
    expect(() => configFromEnv({ COGNITO_USER_POOL_ID: 'x', COGNITO_CLIENT_ID: 'y' })).toThrow(/DATABASE_URL/);
  });
});
