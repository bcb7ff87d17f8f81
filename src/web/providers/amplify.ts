import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger, sessionStorage } from 'aws-amplify/utils';
import type { RuntimeConfig } from './runtimeConfig';

/** Key prefixes an earlier portal left in localStorage: amplify's tokens and react-admin's persisted store. */
export const LEGACY_STORAGE_PREFIXES = ['CognitoIdentityServiceProvider.', 'RaStore', 'amplify-'] as const;

/**
 * Removes what earlier versions kept in localStorage (tokens incl. the refresh token, list parameters with
 * patient search text): nothing of a session may outlive the tab.
 */
export function purgeLegacyStorage(storage: Storage | undefined = globalThis.localStorage): void {
  if (!storage) return;
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null);
  for (const key of keys) if (LEGACY_STORAGE_PREFIXES.some((prefix) => key.startsWith(prefix))) storage.removeItem(key);
}

/**
 * Points aws-amplify at the user pool of the runtime config (the local emulator through userPoolEndpoint).
 * Tokens live in sessionStorage: they end with the tab, and never sit in localStorage on a shared workstation.
 * A custom endpoint is deliberate here, so Amplify's "You are using a custom Amazon ... endpoint" warning is silenced
 * while configuring (it would log on every page load); other Amplify logs are untouched.
 */
export function configureAmplify(config: RuntimeConfig): void {
  purgeLegacyStorage();
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
  cognitoUserPoolsTokenProvider.setKeyValueStorage(sessionStorage);
}
