import { decodeJwt } from 'jose';
import { type AccessClaims, type AccessTokens, TokenError } from '../lib/security/access-tokens';

/** Enough for every token in use on a busy server; past it the oldest is dropped (and verified again). */
const MAX_TOKENS = 10_000;

type Verified = { claims: AccessClaims; expiresAtSeconds: number };

/**
 * Access tokens whose signature and claims were checked once, kept by their exact text until they
 * expire: verifying an HS256 JWT with jose costs ~0.1-0.2 ms, more than the rest of a cached signed-in
 * call. Only a token that passed `verify` is kept, under its whole text, so nothing forged or altered
 * can match; expiry is checked again on every call with the caller's clock, as jose checks it (expired
 * once `exp` <= now in whole seconds). Revocation is not a token matter: the session lookup (or the
 * caller cache, invalidated at commit) still decides on every request.
 */
export const cacheVerifiedTokens = (tokens: AccessTokens, max = MAX_TOKENS): AccessTokens => {
  const verified = new Map<string, Verified>();
  return {
    issue: tokens.issue,
    verify: async (token, now) => {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const kept = verified.get(token);
      if (kept) {
        if (nowSeconds < kept.expiresAtSeconds) return kept.claims;
        verified.delete(token);
        throw new TokenError('token_expired');
      }
      const claims = await tokens.verify(token, now);
      // verify requires exp, so it is there; a token without one is simply never kept.
      const { exp } = decodeJwt(token);
      if (typeof exp === 'number') {
        if (verified.size >= max) {
          const oldest = verified.keys().next();
          if (!oldest.done) verified.delete(oldest.value);
        }
        verified.set(token, { claims, expiresAtSeconds: exp });
      }
      return claims;
    },
  };
};
