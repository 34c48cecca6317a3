import { createHash } from 'node:crypto';

/**
 * What the sandbox keeps of a session cookie, as LinkedIn keeps of its own: a SHA-256 of it, never the
 * cookie, so the world file in the data directory holds no secret that would sign anyone in.
 */
export const sessionKeyOf = (liAt: string): string => createHash('sha256').update(liAt).digest('hex');
