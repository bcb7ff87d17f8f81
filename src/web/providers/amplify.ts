import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from './runtimeConfig';

/** Points aws-amplify at the user pool of the runtime config (the local emulator through userPoolEndpoint). */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
}
