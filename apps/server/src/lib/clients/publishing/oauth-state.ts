import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The OAuth `state` a platform sends back with the code: it says which user started the connection
 * and when, signed with our secret, so a forged or replayed-late callback is refused before any code
 * is exchanged. Format: base64url(JSON payload) "." base64url(HMAC-SHA256).
 */
export type OAuthStatePayload = {
  /** Who started the connection (our user id). */
  userId: string;
  /** What is being connected ("linkedin"), so a state of one platform is no good for another. */
  purpose: string;
};

export type StateCheck =
  | { ok: true; payload: OAuthStatePayload }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' | 'wrong_purpose' };

/** A connection popup is open for minutes at most; ten is generous. */
export const OAUTH_STATE_TTL_SECONDS = 600;

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export const signOAuthState = (
  secret: string,
  payload: OAuthStatePayload,
  now: Date = new Date(),
  ttlSeconds = OAUTH_STATE_TTL_SECONDS,
): string => {
  const body = Buffer.from(
    JSON.stringify({
      u: payload.userId,
      p: payload.purpose,
      e: Math.floor(now.getTime() / 1000) + ttlSeconds,
      // Two states made in the same second for the same user still differ.
      n: randomBytes(9).toString('base64url'),
    }),
  ).toString('base64url');
  return `${body}.${sign(secret, body)}`;
};

export const verifyOAuthState = (
  secret: string,
  state: string,
  expected: { purpose: string; userId?: string },
  now: Date = new Date(),
): StateCheck => {
  const [body, signature, extra] = state.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
  const wanted = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given))
    return { ok: false, reason: 'bad_signature' };
  let decoded: { u?: unknown; p?: unknown; e?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof decoded.u !== 'string' || typeof decoded.p !== 'string' || typeof decoded.e !== 'number')
    return { ok: false, reason: 'malformed' };
  if (decoded.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  // A state signed for another user is as good as forged: the callback belongs to someone else.
  if (decoded.p !== expected.purpose) return { ok: false, reason: 'wrong_purpose' };
  if (expected.userId !== undefined && decoded.u !== expected.userId)
    return { ok: false, reason: 'bad_signature' };
  return { ok: true, payload: { userId: decoded.u, purpose: decoded.p } };
};
