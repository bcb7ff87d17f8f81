import { fetchAuthSession } from 'aws-amplify/auth';
import { isCachedTokenUsable, type CachedSession } from '../../domain/shared/session';

/**
 * Session cache of spec 1 §4: keeps the id token string, its expiry and its issue time (+ its claims).
 * A cached token is reused only while it has more than 120 s of life left (isCachedTokenUsable);
 * otherwise the session is fetched again, forcing a refresh when the cached one is near expiry.
 * A failed session fetch clears the cache and rethrows.
 */
export interface IdTokenSession extends CachedSession {
  payload: Readonly<Record<string, unknown>>;
}

export class NoSessionError extends Error {
  constructor() {
    super('No signed-in session');
    this.name = 'NoSessionError';
  }
}

let cached: IdTokenSession | null = null;
let inFlight: Promise<IdTokenSession> | null = null;

async function fetchIdTokenSession(forceRefresh: boolean): Promise<IdTokenSession> {
  const session = await fetchAuthSession(forceRefresh ? { forceRefresh: true } : undefined);
  const idToken = session.tokens?.idToken;
  if (!idToken) throw new NoSessionError();
  const payload = idToken.payload as Record<string, unknown>;
  return {
    token: idToken.toString(),
    expiresAt: Number(payload.exp ?? 0),
    issuedAt: Number(payload.iat ?? 0),
    payload,
  };
}

async function refresh(forceRefresh: boolean): Promise<IdTokenSession> {
  try {
    let next = await fetchIdTokenSession(forceRefresh);
    // Amplify hands back its stored token until it is actually expired: within the margin, force a refresh.
    if (!forceRefresh && !isCachedTokenUsable(next, Date.now())) next = await fetchIdTokenSession(true);
    cached = next;
    return next;
  } catch (error) {
    cached = null;
    throw error;
  }
}

/** The cached session while it is usable (isCachedTokenUsable), else null. */
const usableCached = (): IdTokenSession | null => (cached && isCachedTokenUsable(cached, Date.now()) ? cached : null);

/** The current id token session (token, expiry, issue time, claims). Rejects when signed out. */
export function getIdTokenSession(): Promise<IdTokenSession> {
  const usable = usableCached();
  if (usable) return Promise.resolve(usable);
  if (!inFlight) {
    const forceRefresh = cached !== null; // a cached token exists but is near expiry
    inFlight = refresh(forceRefresh).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/** The bearer token for API calls. */
export const getIdToken = async (): Promise<string> => (await getIdTokenSession()).token;

/**
 * The bearer token at once when the cached one is usable, else its promise. The HTTP client sends a request in the
 * same task as the call that asked for it: awaiting a token already at hand would put the request behind whatever
 * else that task does first (React runs the queries' fetches amid its commit and the renders that follow it).
 */
export const idTokenNow = (): string | Promise<string> => usableCached()?.token ?? getIdToken();

/** Forgets the cached token (sign-in, sign-out). */
export function clearSessionCache(): void {
  cached = null;
}

/** The cached session, for tests and diagnostics. */
export const peekSessionCache = (): IdTokenSession | null => cached;
