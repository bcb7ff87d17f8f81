/** The emulator's public surface: the types callers use and the AWS-JSON calls (sign-in, provisioning). */
// ---------------------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------------------

export interface DemoUser {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  groups: string[];
}

export interface CognitoLocal {
  /** e.g. http://127.0.0.1:9229 — what aws-amplify's Auth.Cognito.userPoolEndpoint should be. */
  endpoint: string;
  /** 'us-east-1' (the user pool id is `us-east-1_XXXXXXXX`, which is where amplify takes its region from). */
  region: string;
  userPoolId: string;
  clientId: string;
  /** Exactly the `iss` claim of the tokens: `http://127.0.0.1:<port>/<userPoolId>`. */
  issuer: string;
  /** `<issuer>/.well-known/jwks.json`. */
  jwksUrl: string;
  /** email -> Cognito `sub` of each ensured user. */
  subs: Record<string, string>;
  stop(): Promise<void>;
}

export interface StartCognitoLocalOptions {
  /** Public port on 127.0.0.1. 0 picks a free one (read it back from `endpoint`). */
  port: number;
  /** Where cognito-local keeps its data (`<dataDir>/db/*.json`); created if missing. */
  dataDir: string;
  users: DemoUser[];
  groups: string[];
  /** Level of cognito-local's own (pino) logging; default 'error'. Never logs request bodies at that level. */
  logLevel?: 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug';
  /**
   * Receives every code the emulator sends (sign-up confirmation, resend, forgot password) instead of real e-mail/SMS;
   * the stack writes it to the local mail outbox. Without it the codes are dropped.
   */
  onCode?: (delivery: CodeDelivery) => Promise<void> | void;
}

/** A code the emulator would have e-mailed (or texted) to a user. */
export interface CodeDelivery {
  username: string;
  medium: 'EMAIL' | 'SMS';
  /** The e-mail address (or phone number) the code goes to. */
  destination: string;
  code: string;
}

export const USER_POOL_NAME = 'clinician-portal';
export const APP_CLIENT_NAME = 'clinician-portal-web';
export const COGNITO_LOCAL_REGION = 'us-east-1';

/** A Cognito-shaped error answer (`{ __type, message }`) from the emulator. */
export class CognitoApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(`${code}: ${message}`);
    this.name = 'CognitoApiError';
  }
}

/** POST one AWS-JSON-protocol call (`AWSCognitoIdentityProviderService.<action>`) to a Cognito endpoint. */
export async function callCognito<T = Record<string, unknown>>(endpoint: string, action: string, body: object): Promise<T> {
  const res = await fetch(`${endpoint}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = {};
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = { message: text.slice(0, 200) };
    }
  }
  if (!res.ok) {
    const err = (json ?? {}) as { __type?: unknown; message?: unknown };
    throw new CognitoApiError(
      typeof err.__type === 'string' ? err.__type : `HTTP${res.status}`,
      typeof err.message === 'string' ? err.message : '',
      res.status,
    );
  }
  return json as T;
}

/** InitiateAuth USER_PASSWORD_AUTH through the public endpoint. */
export async function passwordSignIn(
  c: CognitoLocal,
  email: string,
  password: string,
): Promise<{ idToken: string; accessToken: string; refreshToken: string }> {
  const out = await callCognito<{
    ChallengeName?: string;
    AuthenticationResult?: { IdToken?: string; AccessToken?: string; RefreshToken?: string };
  }>(c.endpoint, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: c.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const r = out.AuthenticationResult;
  if (!r?.IdToken || !r.AccessToken || !r.RefreshToken) {
    throw new Error(`passwordSignIn: no tokens (challenge: ${out.ChallengeName ?? 'none'})`);
  }
  return { idToken: r.IdToken, accessToken: r.AccessToken, refreshToken: r.RefreshToken };
}
