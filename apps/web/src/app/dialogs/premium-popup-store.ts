import type { TPlanLimitReachedBody } from '@sales-assist/contract';
import { useSyncExternalStore } from 'react';

/** Which allowance a refusal reached and how far: what the pop-up says beside the spec's words. */
export type TPlanLimitDetail = {
  metric: string;
  limit: number;
  used: number;
  /** YYYY-MM-DD, when the count starts again; absent from older servers. */
  resetsOn: string | null;
};

type TState = { open: boolean; detail: TPlanLimitDetail | null };

let state: TState = { open: false, detail: null };
const listeners = new Set<() => void>();

const set = (next: TState): void => {
  state = next;
  for (const listener of listeners) listener();
};

/**
 * The figures of a 402 body, when it is a reached plan limit that names them (`plan_limit_reached` with
 * metric, limit and used); null for other 402s (credits, a declined card), which the pop-up shows bare.
 */
export const planLimitDetailOf = (body: unknown): TPlanLimitDetail | null => {
  // Read by hand, not with the contract's schema: the API client is in the sign-in page's first bundle,
  // which must not take in zod and the contract (README: measure-entry).
  if (typeof body !== 'object' || body === null) return null;
  const refusal = body as Partial<Record<keyof TPlanLimitReachedBody, unknown>>;
  const { metric, limit, used, resets_on: resetsOn } = refusal;
  if (refusal.error !== 'plan_limit_reached' || typeof metric !== 'string') return null;
  if (!Number.isInteger(limit) || !Number.isInteger(used)) return null;
  return {
    metric,
    limit: limit as number,
    used: used as number,
    resetsOn: typeof resetsOn === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(resetsOn) ? resetsOn : null,
  };
};

/**
 * Spec §4: the premium pop-up is shown or hidden by one flag; any 402 answer raises it. A refusal's figures
 * (which limit, how much was used, when it resets) travel with it, so the pop-up can say what ran out.
 */
export const premiumPopup = {
  open: (detail: TPlanLimitDetail | null = null): void => set({ open: true, detail }),
  close: (): void => set({ ...state, open: false }),
  isOpen: (): boolean => state.open,
  detail: (): TPlanLimitDetail | null => state.detail,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const snapshot = (): TState => state;

/** Whether the pop-up is open, and the figures of the refusal that opened it. */
export const usePremiumPopup = (): TState => useSyncExternalStore(premiumPopup.subscribe, snapshot, snapshot);

export const usePremiumPopupOpen = (): boolean => usePremiumPopup().open;
