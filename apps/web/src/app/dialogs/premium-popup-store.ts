import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

/** Spec §4: the premium pop-up is shown or hidden by one flag; any 402 answer raises it. */
export const premiumPopup = {
  open: (): void => {
    open = true;
    for (const listener of listeners) listener();
  },
  close: (): void => {
    open = false;
    for (const listener of listeners) listener();
  },
  isOpen: (): boolean => open,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const usePremiumPopupOpen = (): boolean =>
  useSyncExternalStore(premiumPopup.subscribe, premiumPopup.isOpen, premiumPopup.isOpen);
