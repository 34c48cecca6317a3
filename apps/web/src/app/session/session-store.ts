import { useSyncExternalStore } from 'react';
import type { TSession } from './session';

const STORAGE_KEY = 'sales-assist.session';

type Listener = () => void;
const listeners = new Set<Listener>();

const isSession = (value: unknown): value is TSession =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { accessToken?: unknown }).accessToken === 'string' &&
  typeof (value as { refreshToken?: unknown }).refreshToken === 'string';

const read = (): TSession | null => {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

let current: TSession | null = read();

const emit = (): void => {
  for (const listener of listeners) listener();
};

// Another tab signed in or out: follow it.
window.addEventListener('storage', (event) => {
  if (event.key !== null && event.key !== STORAGE_KEY) return;
  current = read();
  emit();
});

/** The session lives in localStorage so it survives a reload (spec §3, persisted client state). */
export const sessionStore = {
  get: (): TSession | null => current,
  set: (next: TSession | null): void => {
    current = next;
    if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(STORAGE_KEY);
    emit();
  },
  update: (patch: Partial<TSession>): void => {
    if (current) sessionStore.set({ ...current, ...patch });
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSession = (): TSession | null =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
