import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
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
}

/**
 * Verifies a Cognito id token: RS256 signature against the issuer's JWKS, issuer, audience (the app
 * client), expiry, and token_use 'id'. Any failure is a 401 whose reason does not echo the token.
 */
export function createTokenVerifier(opts: { issuer: string; jwksUrl: string; audience: string }): TokenVerifier {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: opts.issuer,
          audience: opts.audience,
          algorithms: ['RS256'],
          clockTolerance: 5,
        });
        if (payload.token_use !== 'id') throw unauthorized('not an id token');
        if (typeof payload.sub !== 'string' || !payload.sub) throw unauthorized('token has no subject');
        return payload as IdTokenClaims;
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
  const match = /^Bearer ([A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]*)$/.exec(header.trim());
  if (!match) throw unauthorized('malformed bearer token');
  return match[1];
}
