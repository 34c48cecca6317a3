import { loadOnce } from '../load-once';

/** sharp (libvips) is loaded at the first picture handled, not with the server (lib/core/load-once.ts). */
export const loadSharp = loadOnce(async () => (await import('sharp')).default);
