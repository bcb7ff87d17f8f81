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
