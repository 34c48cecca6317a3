import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const AUDIENCE = 'sales-assist';
const ISSUER = 'sales-assist';

export type AccessClaims = { userId: string; sessionId: string };

export type AccessTokens = {
  issue: (claims: AccessClaims, now: Date) => Promise<string>;
  /** Throws TokenError with invalid_token or token_expired. */
  verify: (token: string, now: Date) => Promise<AccessClaims>;
};

export class TokenError extends Error {
  constructor(readonly code: 'invalid_token' | 'token_expired' | 'token_revoked') {
    super(code);
  }
}

/** Short-lived HS256 JWTs; the session id inside lets a revoked session end them at once. */
export const createAccessTokens = (secret: string, ttlSeconds: number): AccessTokens => {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (claims, now) => {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setAudience(AUDIENCE)
        .setIssuer(ISSUER)
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    verify: async (token, now) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          audience: AUDIENCE,
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
          // Every token this server issues has them all; one without (no expiry above all) is not ours.
          requiredClaims: ['sub', 'sid', 'exp', 'iat', 'jti'],
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          !payload.sub ||
          !payload.sid
        )
          throw new TokenError('invalid_token');
        return { userId: payload.sub, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('token_expired');
        throw new TokenError('invalid_token');
      }
    },
  };
};
