import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import { unauthorized } from '../errors';

export interface TokenVerifier {
  verify(token: string): Promise<IdTokenClaims>;
}

export interface IdTokenClaims extends JWTPayload {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  'cognito:groups'?: string[];
  token_use?: string;
  /** When the sign-in this token belongs to happened (whole seconds; real Cognito keeps it across refreshes). */
  auth_time?: number;
}

const CLOCK_TOLERANCE_S = 5;
/** The longest an id token of Cognito can be valid (its app client's maximum): older tokens are refused, whatever their exp. */
const MAX_TOKEN_AGE_S = 24 * 3600;
/** How long a verified token is trusted without checking its signature again (a JWKS key rotation applies after it). */
const VERIFIED_TTL_MS = 5 * 60_000;

/**
 * Verifies a Cognito id token: RS256 signature against the issuer's JWKS, issuer, audience (the app
 * client), expiry, issue time (not in the future, at most a day ago), and token_use 'id'. Any failure is a 401 whose reason does not echo the token.
 */
export function createTokenVerifier(opts: { issuer: string; jwksUrl: string; audience: string }): TokenVerifier {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  // Verified tokens, keyed by the whole token text (signature included): the RS256 check is the costliest part of a
  // request, and the portal sends the same token for up to an hour. A hit is still refused once the token expires.
  // Revocation is not decided here (buildActor checks it on every request), so a cached token is never trusted more.
  const verified = new LRUCache<string, IdTokenClaims>({ max: 10_000, ttl: VERIFIED_TTL_MS, ttlAutopurge: false });
  return {
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        const now = Date.now() / 1000;
        if ((typeof hit.exp === 'number' && hit.exp + CLOCK_TOLERANCE_S <= now) || (hit.iat as number) + MAX_TOKEN_AGE_S + CLOCK_TOLERANCE_S <= now) {
          verified.delete(token);
          throw unauthorized('token expired');
        }
        return hit;
      }
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: opts.issuer,
          audience: opts.audience,
          algorithms: ['RS256'],
          clockTolerance: CLOCK_TOLERANCE_S,
          // Requires iat, refuses one in the future and a token older than a day.
          maxTokenAge: MAX_TOKEN_AGE_S,
        });
        if (payload.token_use !== 'id') throw unauthorized('not an id token');
        if (typeof payload.sub !== 'string' || !payload.sub) throw unauthorized('token has no subject');
        const claims = Object.freeze(payload) as IdTokenClaims;
        verified.set(token, claims);
        return claims;
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthorized('token expired');
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) throw unauthorized('invalid token');
        throw err;
      }
    },
  };
}

/** Extracts the bearer token, or answers 401. */
export function bearerToken(header: string | undefined): string {
  if (!header) throw unauthorized('missing bearer token');
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/.exec(header.trim());
  if (!match) throw unauthorized('malformed bearer token');
  return match[1];
}
