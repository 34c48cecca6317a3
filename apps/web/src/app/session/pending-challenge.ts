/**
 * A pending e-mail code check (sign-up verification or password reset). Kept in sessionStorage:
 * it belongs to this tab's flow only and must not outlive it.
 */
export type TPendingChallenge = { token: string; email: string };

export type TChallengePurpose = 'verification' | 'reset';

const keyOf = (purpose: TChallengePurpose): string => `sales-assist.challenge.${purpose}`;

export const pendingChallenge = {
  get: (purpose: TChallengePurpose): TPendingChallenge | null => {
    try {
      const raw = sessionStorage.getItem(keyOf(purpose));
      if (!raw) return null;
      const value: unknown = JSON.parse(raw);
      if (typeof value !== 'object' || value === null) return null;
      const { token, email } = value as Record<string, unknown>;
      return typeof token === 'string' && typeof email === 'string' ? { token, email } : null;
    } catch {
      return null;
    }
  },
  set: (purpose: TChallengePurpose, challenge: TPendingChallenge): void => {
    sessionStorage.setItem(keyOf(purpose), JSON.stringify(challenge));
  },
  clear: (purpose: TChallengePurpose): void => {
    sessionStorage.removeItem(keyOf(purpose));
  },
};
