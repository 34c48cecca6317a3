import { sessionStore } from './session-store';

type Cleaner = () => void;
const cleaners = new Set<Cleaner>();

/** Caches (e.g. TanStack Query) register here so a local logout forgets everything. */
export const onLocalLogout = (cleaner: Cleaner): (() => void) => {
  cleaners.add(cleaner);
  return () => cleaners.delete(cleaner);
};

/** Spec §4: logging out clears all stored state. The guards then send the visitor to /registerPage. */
export const clearLocalState = (): void => {
  localStorage.clear();
  sessionStorage.clear();
  for (const cleaner of cleaners) cleaner();
  sessionStore.set(null);
};
