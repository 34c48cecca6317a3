import { ZRefreshResponse } from '@sales-assist/contract';
import { sessionStore } from '../session/session-store';
import { API_BASE, baseHeaders } from './headers';

let inFlight: Promise<boolean> | null = null;

const refresh = async (): Promise<boolean> => {
  const session = sessionStore.get();
  if (!session) return false;
  try {
    const response = await fetch(`${API_BASE}/refresh`, {
      method: 'POST',
      credentials: 'include',
      headers: { ...baseHeaders(), Authorization: `Bearer ${session.refreshToken}` },
    });
    if (!response.ok) return false;
    const tokens = ZRefreshResponse.parse(await response.json());
    // The person may have signed out (or in as someone else) meanwhile: only patch the same session.
    if (sessionStore.get()?.refreshToken !== session.refreshToken) return sessionStore.get() !== null;
    sessionStore.update({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
    return true;
  } catch {
    return false;
  }
};

/**
 * One refresh at a time: refresh tokens are single-use (rotation with reuse detection), so
 * concurrent callers that all got a 401 must share one exchange instead of racing.
 */
export const refreshTokens = (): Promise<boolean> => {
  inFlight ??= refresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
};
