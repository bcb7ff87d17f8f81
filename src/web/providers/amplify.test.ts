import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureAmplify } from './amplify';

/** A page load logs no Amplify warning (such as its "custom Amazon Cognito User Pool endpoint" notice): the console stays clean. */
describe('configureAmplify', () => {
  afterEach(() => vi.restoreAllMocks());

  it('configures a custom user pool endpoint (the local emulator) without a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    configureAmplify({ userPoolId: 'us-east-1_test', userPoolClientId: 'client', userPoolEndpoint: 'http://127.0.0.1:9229' } as never);
    expect(warn).not.toHaveBeenCalled();
  });
});
