import type { TProtectedPage } from './protected-pages';

/** A protected route's `lazy`: the page module through the protected area's page list (protected-pages.ts). */
export const protectedPage = (name: TProtectedPage) => async () =>
  (await import('./protected-pages')).PROTECTED_PAGES[name]();
