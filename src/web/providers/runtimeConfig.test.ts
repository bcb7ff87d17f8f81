// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fillText } from '../../domain/messages/messages';
import { TEXT } from '../../domain/i18n/en/app';
import { initializationReason, loadRuntimeConfig, parseRuntimeConfig } from './runtimeConfig';

const good = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
};

const answer = (body: string, status = 200) => vi.fn(async () => new Response(body, { status })) as unknown as typeof fetch;

describe('runtime config', () => {
  it('reads GET /config.json', async () => {
    const fetchImpl = answer(JSON.stringify({ ...good, bookingPublicUrl: 'https://book.example' }));
    expect(await loadRuntimeConfig(fetchImpl)).toEqual({
      ...good,
      bookingPublicUrl: 'https://book.example',
      idle: { timeoutSeconds: 900, warningSeconds: 60 },
    });
    expect(vi.mocked(fetchImpl).mock.calls[0][0]).toBe('/config.json');
  });

  it('leaves optional fields out when absent', () => {
    const { userPoolEndpoint: _omit, ...rest } = good;
    expect(parseRuntimeConfig(rest)).toEqual({
      ...rest,
      userPoolEndpoint: undefined,
      bookingPublicUrl: undefined,
      idle: { timeoutSeconds: 900, warningSeconds: 60 },
    });
  });

  it('reads the idle logoff settings the server configured', () => {
    expect(parseRuntimeConfig({ ...good, idleTimeoutSeconds: 300, idleWarningSeconds: 30 }).idle).toEqual({
      timeoutSeconds: 300,
      warningSeconds: 30,
    });
    expect(() => parseRuntimeConfig({ ...good, idleTimeoutSeconds: '300' })).toThrow('idleTimeoutSeconds must be a number');
    expect(() => parseRuntimeConfig({ ...good, idleTimeoutSeconds: 0 })).toThrow('config.json: idle timeout');
  });

  it('names what is wrong', async () => {
    expect(() => parseRuntimeConfig({ ...good, userPoolId: '' })).toThrow('userPoolId is missing');
    expect(() => parseRuntimeConfig({ ...good, authFlowType: 'CUSTOM' })).toThrow('authFlowType');
    await expect(loadRuntimeConfig(answer('nope', 500))).rejects.toThrow('GET /config.json answered 500');
    await expect(loadRuntimeConfig(answer('<html>'))).rejects.toThrow('not valid JSON');
  });

  it('gives the reason for "Initialization failed: ..."', () => {
    expect(fillText(TEXT.initializationFailed, { reason: initializationReason(new Error('GET /config.json answered 500')) })).toBe(
      'Initialization failed: GET /config.json answered 500',
    );
  });
});
