import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

const set = (next: boolean): void => {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
};

/**
 * Spec §2/§4 "ask-cookie" flag: raised by an expiry check that says expired, by a search import that
 * answers expired, or by a LinkedIn import tried without a session; Skip and Save lower it.
 */
export const cookieDialog = {
  open: (): void => set(true),
  close: (): void => set(false),
  isOpen: (): boolean => open,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useCookieDialogOpen = (): boolean =>
  useSyncExternalStore(cookieDialog.subscribe, cookieDialog.isOpen, cookieDialog.isOpen);
