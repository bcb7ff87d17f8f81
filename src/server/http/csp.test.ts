import { describe, expect, it } from 'vitest';
import { cspDirectives } from './csp';

const cognito = { region: 'us-east-1', userPoolId: 'p', clientId: 'c' };

describe('content security policy', () => {
  it('lets the portal fetch and show presigned S3 URLs of the configured bucket', () => {
    const csp = cspDirectives({ mode: 'production', cognito, storage: { kind: 's3', bucket: 'phi-files', region: 'us-west-2' } } as never);
    expect(csp.connectSrc).toContain('https://phi-files.s3.us-west-2.amazonaws.com');
    expect(csp.imgSrc).toContain('https://phi-files.s3.us-west-2.amazonaws.com');
    expect(csp.connectSrc).toContain('https://cognito-idp.us-east-1.amazonaws.com');
    expect(csp.upgradeInsecureRequests).toEqual([]);
  });
  it('allows no other origin with local storage', () => {
    const csp = cspDirectives({ mode: 'local', cognito: { ...cognito, endpoint: 'http://127.0.0.1:9229' }, storage: { kind: 'local', root: '/tmp', secret: 's' } } as never);
    expect(csp.connectSrc).toEqual(["'self'", 'blob:', 'http://127.0.0.1:9229']);
    expect(csp.upgradeInsecureRequests).toBeNull();
  });
});
