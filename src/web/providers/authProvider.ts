import { signIn, signOut } from 'aws-amplify/auth';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { nameOrUnknown } from '../../domain/dashboard/greeting';
import { canAccessRoute } from '../../domain/shared/routes';
import { UI_TEXT } from '../../domain/i18n/en/ui';
import { fillText } from '../../domain/messages/messages';
import { apiFetch } from './httpClient';
import { portalPermissionsFromGroups, type PortalPermissions } from './permissions';
import { routeOfResource } from './resources';
import { clearSessionCache, getIdTokenSession } from './sessionCache';
import type { AuthFlowType } from './runtimeConfig';

/** Actions that change data: refused to read-only auditors. */
export const WRITE_ACTIONS = new Set(['create', 'edit', 'delete', 'update', 'clone']);

/** The message shown on the login page when amplify asks for a step the portal does not handle. */
export function signInStepMessage(step: string): string {
  switch (step) {
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return UI_TEXT.signInNeedsNewPassword;
    case 'CONFIRM_SIGN_UP':
      return UI_TEXT.signInNeedsConfirmation;
    case 'RESET_PASSWORD':
      return UI_TEXT.signInNeedsPasswordReset;
    default:
      return fillText(UI_TEXT.signInStepUnsupported, { step });
  }
}

/** Sign-in refused because the account's sign-up was never confirmed: the sign-in page then asks for the code. */
export class UnconfirmedSignUpError extends Error {
  constructor(message: string = UI_TEXT.signInNeedsConfirmation) {
    super(message);
    this.name = 'UnconfirmedSignUpError';
  }
}
export const isUnconfirmedSignUp = (error: unknown): boolean => (error as Error | undefined)?.name === 'UnconfirmedSignUpError';

async function quietSignOut() {
  try {
    await signOut();
  } catch {
    // the local tokens are gone either way; a failed token revocation must not block the user
  }
}

/** The server's sign-out: tokens issued until now are refused from the next request (HIPAA automatic logoff). */
export const SERVER_SIGN_OUT_PATH = '/secure/account/signOut';

/**
 * The server's sign-out, answering from when (epoch ms) it accepts a new sign-in: token times are whole seconds, so
 * a sign-in in the rest of the sign-out's second would be refused (see isRevoked on the server). 0 when unknown.
 */
async function serverSignOut(): Promise<number> {
  try {
    const out = await apiFetch<{ signInAfter?: string }>(SERVER_SIGN_OUT_PATH, { method: 'POST', timeoutMs: 5000 });
    const at = Date.parse(out?.signInAfter ?? '');
    return Number.isFinite(at) ? at : 0;
  } catch {
    // no session left, or the server is unreachable: the local sign-out still happens
    return 0;
  }
}

/** The longest a sign-in waits for the server's signInAfter (it is at most one second ahead; a clock off by more is not waited for). */
export const MAX_SIGN_IN_WAIT_MS = 1500;
const waitUntil = async (at: number) => {
  const ms = Math.min(at - Date.now(), MAX_SIGN_IN_WAIT_MS);
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
};

/**
 * The account's status once per sign-in: the server keeps the user's name for the PHI access log. Answers whether the
 * server refused the new session (401); anything else (a pending user, an unreachable server) never blocks sign-in and
 * the name is kept at the next one.
 */
export const ACCOUNT_STATUS_PATH = '/secure/account/status';
async function refusedAtSignIn(): Promise<boolean> {
  // without a session here there is nothing the server could have refused
  if (!(await getIdTokenSession().then(Boolean, () => false))) return false;
  try {
    await apiFetch(ACCOUNT_STATUS_PATH, { timeoutMs: 5000 });
    return false;
  } catch (error) {
    return (error as { status?: number })?.status === 401;
  }
}

/**
 * How long a sign-in whose new session the server refused waits before signing in once more: a session of the same
 * user ended elsewhere (another browser's sign-out or idle logoff, a group change) refuses every token stamped with
 * that second (isRevoked on the server), and a token issued a whole second later is past it whatever the clocks.
 */
export const REFUSED_SIGN_IN_RETRY_MS = 1100;

const claims = async () => (await getIdTokenSession()).payload;

export async function currentPermissions(): Promise<PortalPermissions> {
  return portalPermissionsFromGroups((await claims())['cognito:groups']);
}

/**
 * One amplify sign-in to its DONE step: a stale session of an earlier user is signed out first; an unconfirmed
 * sign-up or any other step the portal does not handle is refused with its message (and nothing stays signed in).
 */
async function signInDone({ username, password, authFlowType }: { username: string; password: string; authFlowType: AuthFlowType }) {
  const attempt = () => signIn({ username, password, options: { authFlowType } });
  let result;
  try {
    result = await attempt();
  } catch (error) {
    if ((error as Error)?.name === 'UserNotConfirmedException') throw new UnconfirmedSignUpError();
    if ((error as Error)?.name !== 'UserAlreadyAuthenticatedException') throw error;
    await quietSignOut(); // a stale session from an earlier user
    result = await attempt();
  }
  if (result.nextStep.signInStep !== 'DONE') {
    await quietSignOut();
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') throw new UnconfirmedSignUpError();
    throw new Error(signInStepMessage(result.nextStep.signInStep));
  }
}

/** react-admin AuthProvider on aws-amplify v6 (Cognito), with the session cache of spec 1 §4. */
export function createAuthProvider({ authFlowType }: { authFlowType: AuthFlowType }): AuthProvider {
  /** After a sign-out in this page: the instant the server accepts a new sign-in from. */
  let signInAfter = 0;
  return {
    async login({ username, password }: { username: string; password: string }) {
      clearSessionCache();
      await waitUntil(signInAfter);
      const credentials = { username: username.trim(), password, authFlowType };
      await signInDone(credentials);
      if (!(await refusedAtSignIn())) return;
      clearSessionCache();
      await quietSignOut();
      await waitUntil(Date.now() + REFUSED_SIGN_IN_RETRY_MS);
      await signInDone(credentials);
      void refusedAtSignIn(); // a second refusal is not this race: the portal's first request ends the session as usual
    },

    async logout() {
      signInAfter = await serverSignOut(); // first, while the token is still at hand
      clearSessionCache();
      await quietSignOut();
    },

    async checkAuth() {
      await getIdTokenSession();
    },

    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        clearSessionCache();
        throw error;
      }
      // 403 and everything else: stay signed in
    },

    async getIdentity(): Promise<UserIdentity> {
      const payload = await claims();
      const firstName = nameOrUnknown(payload.given_name);
      const lastName = nameOrUnknown(payload.family_name);
      return {
        id: String(payload.sub ?? ''),
        fullName: `${firstName} ${lastName}`,
        firstName,
        lastName,
        email: typeof payload.email === 'string' ? payload.email : undefined,
      };
    },

    getPermissions: currentPermissions,

    async canAccess({ resource, action }: { resource: string; action: string }) {
      const permissions = await currentPermissions();
      if (WRITE_ACTIONS.has(action) && permissions.readOnly) return false;
      return canAccessRoute(routeOfResource(resource), permissions.roles);
    },
  };
}
