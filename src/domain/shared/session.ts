/** Token refresh margin (spec 1 §9): a cached token is reused only with more than 120 s of life left. */
export const TOKEN_REFRESH_MARGIN_S = 120;

export interface CachedSession {
  token: string;
  /** Expiry, seconds since epoch (the JWT exp). */
  expiresAt: number;
  /** Issue time, seconds since epoch (the JWT iat). */
  issuedAt: number;
}

export function isCachedTokenUsable(cached: CachedSession | null | undefined, nowMs: number): boolean {
  if (!cached || !cached.token) return false;
  return cached.expiresAt - nowMs / 1000 > TOKEN_REFRESH_MARGIN_S;
}

/**
 * Idle logoff (HIPAA §164.312(a)(2)(iii)): the portal signs out after `timeoutSeconds` without activity in any of
 * its tabs, and warns `warningSeconds` before. The server's runtime config delivers both (IDLE_TIMEOUT_SECONDS,
 * IDLE_WARNING_SECONDS); the defaults are 15 minutes and one minute.
 */
export interface IdleSettings {
  timeoutSeconds: number;
  warningSeconds: number;
}

export const DEFAULT_IDLE: IdleSettings = { timeoutSeconds: 15 * 60, warningSeconds: 60 };
/** Longest idle time an operator may configure (a longer one defeats the safeguard). */
export const MAX_IDLE_TIMEOUT_S = 60 * 60;

/** Checks idle settings (left-out values take the defaults); throws an Error naming the bad value. */
export function idleSettings(timeoutSeconds?: number, warningSeconds?: number): IdleSettings {
  const timeout = timeoutSeconds ?? DEFAULT_IDLE.timeoutSeconds;
  const warning = warningSeconds ?? Math.min(DEFAULT_IDLE.warningSeconds, Math.floor(timeout / 2));
  if (!Number.isInteger(timeout) || timeout < 2 || timeout > MAX_IDLE_TIMEOUT_S) {
    throw new Error(`idle timeout must be a whole number of seconds from 2 to ${MAX_IDLE_TIMEOUT_S}`);
  }
  if (!Number.isInteger(warning) || warning < 1 || warning >= timeout) {
    throw new Error('idle warning must be a whole number of seconds, at least 1 and shorter than the idle timeout');
  }
  return { timeoutSeconds: timeout, warningSeconds: warning };
}
