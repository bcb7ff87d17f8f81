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
    const csp = cspDirectives({
      mode: 'local',
      cognito: { ...cognito, endpoint: 'http://127.0.0.1:9229' },
      storage: { kind: 'local', root: '/tmp', secret: 's' },
    } as never);
    expect(csp.connectSrc).toEqual(["'self'", 'blob:', 'http://127.0.0.1:9229']);
    expect(csp.upgradeInsecureRequests).toBeNull();
  });
  it('frames only the origin of the configured booking site (the embedded scheduling widget of the calendar), never any origin', () => {
    const csp = cspDirectives({
      mode: 'production',
      cognito,
      storage: { kind: 'local', root: '/tmp', secret: 's' },
      bookingPublicUrl: 'https://book.example.com/clinic/',
    } as never);
    expect(csp.frameSrc).toEqual(['https://book.example.com']);
    expect(csp.frameSrc).not.toContain('*');
  });
  it('frames nothing when the booking site is not a valid http(s) URL', () => {
    for (const bookingPublicUrl of ['', 'javascript:alert(1)', 'not a url']) {
      const csp = cspDirectives({ mode: 'local', cognito, storage: { kind: 'local', root: '/tmp', secret: 's' }, bookingPublicUrl } as never);
      expect(csp.frameSrc).toEqual(["'none'"]);
    }
  });
  it('loads Accept.js and lets it reach its gateway only when Authorize.Net is configured', () => {
    const base = { mode: 'production', cognito, storage: { kind: 'local', root: '/tmp', secret: 's' } };
    const none = cspDirectives({ ...base, payment: { provider: 'local' } } as never);
    expect(none.scriptSrc).toEqual(["'self'"]);
    expect(none.connectSrc.join(' ')).not.toMatch(/authorize\.net/);
    const live = cspDirectives({
      ...base,
      payment: { provider: 'authorizenet', environment: 'production', apiLoginId: 'l', transactionKey: 't', clientKey: 'c' },
    } as never);
    expect(live.scriptSrc).toEqual(["'self'", 'https://js.authorize.net']);
    expect(live.connectSrc).toEqual(expect.arrayContaining(['https://api2.authorize.net']));
    const sandbox = cspDirectives({
      ...base,
      payment: { provider: 'authorizenet', environment: 'sandbox', apiLoginId: 'l', transactionKey: 't', clientKey: 'c' },
    } as never);
    expect(sandbox.scriptSrc).toEqual(["'self'", 'https://jstest.authorize.net']);
    expect(sandbox.connectSrc).toContain('https://apitest.authorize.net');
  });

  it("adds Photon's origins (prescribe web component) only when Photon is configured", () => {
    const base = { mode: 'production', cognito, storage: { kind: 'local', root: '/tmp', secret: 's' }, bookingPublicUrl: 'https://book.example.com' };
    const photon = { provider: 'photon', environment: 'production', clientId: 'c', clientSecret: 's', organizationId: 'o', elementsClientId: 'e' };
    const withPhoton = cspDirectives({ ...base, prescribing: photon } as never);
    expect(withPhoton.connectSrc).toEqual(expect.arrayContaining(['https://auth.photon.health', 'https://api.photon.health']));
    expect(withPhoton.frameSrc).toEqual(expect.arrayContaining(['https://book.example.com', 'https://auth.photon.health']));
    const local = cspDirectives({ ...base, prescribing: { provider: 'local' } } as never);
    expect(local.connectSrc.join(' ')).not.toMatch(/photon/);
    expect(local.frameSrc).toEqual(['https://book.example.com']);
  });
});
