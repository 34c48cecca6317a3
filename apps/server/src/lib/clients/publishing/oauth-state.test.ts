import { describe, expect, it } from 'vitest';
import { OAUTH_STATE_TTL_SECONDS, signOAuthState, verifyOAuthState } from './oauth-state';

const SECRET = 's'.repeat(32);
const now = new Date('2026-11-23T12:00:00Z');

describe('OAuth state', () => {
  it('comes back as it was signed, for the same user and purpose', () => {
    const state = signOAuthState(SECRET, { userId: 'u1', purpose: 'linkedin' }, now);
    expect(verifyOAuthState(SECRET, state, { purpose: 'linkedin', userId: 'u1' }, now)).toEqual({
      ok: true,
      payload: { userId: 'u1', purpose: 'linkedin' },
    });
    expect(signOAuthState(SECRET, { userId: 'u1', purpose: 'linkedin' }, now)).not.toBe(state);
  });

  it('refuses forged, altered, expired, other-purpose and other-user states', () => {
    const state = signOAuthState(SECRET, { userId: 'u1', purpose: 'linkedin' }, now);
    const [body, signature] = state.split('.') as [string, string];
    const expect_ = (value: string, reason: string, at = now, userId = 'u1', purpose = 'linkedin') =>
      expect(verifyOAuthState(SECRET, value, { purpose, userId }, at)).toEqual({ ok: false, reason });
    expect_(signOAuthState('other'.repeat(8), { userId: 'u1', purpose: 'linkedin' }, now), 'bad_signature');
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), u: 'u2' }),
    ).toString('base64url');
    expect_(`${altered}.${signature}`, 'bad_signature');
    expect_('garbage', 'malformed');
    expect_(`${state}.x`, 'malformed');
    expect_(state, 'expired', new Date(now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000));
    expect_(state, 'wrong_purpose', now, 'u1', 'facebook');
    expect_(state, 'bad_signature', now, 'u2');
  });
});
