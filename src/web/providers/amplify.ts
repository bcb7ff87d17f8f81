import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import type { RuntimeConfig } from './runtimeConfig';

/**
 * Points aws-amplify at the user pool of the runtime config (the local emulator through userPoolEndpoint). A custom
 * endpoint is deliberate here, so Amplify's "You are using a custom Amazon ... endpoint" warning is silenced while
 * configuring (it was logged on every page load: field test finding 24); other Amplify logs are untouched.
 */
export function configureAmplify(config: RuntimeConfig): void {
  const level = ConsoleLogger.LOG_LEVEL;
  if (config.userPoolEndpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        },
      },
    });
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
}
