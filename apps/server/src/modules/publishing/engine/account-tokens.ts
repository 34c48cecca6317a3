import type { Vault } from '../../../lib/security/vault';

/** Unsealed tokens kept for this long, at most this many: an account's posts of one minute unseal it once. */
const KEEP_MS = 5 * 60_000;
const MAX_TOKENS = 1_000;

type Kept = { token: string; until: number };

// By vault (one per process); keyed by the sealed value, so a reconnect (a new sealed token) is never
// answered with the old one. An entry is used for a few minutes at most, and the cache holds a bounded number.
const caches = new WeakMap<Vault, Map<string, Kept>>();

/**
 * An account's token, unsealed. A minute with many posts to one account unseals its token once, not once
 * per post (AES-GCM and its key set-up per call showed in the publishing profile).
 */
export const openAccountToken = (vault: Vault, sealed: string, now = Date.now()): string => {
  let cache = caches.get(vault);
  if (!cache) {
    cache = new Map();
    caches.set(vault, cache);
  }
  const kept = cache.get(sealed);
  if (kept && kept.until > now) return kept.token;
  const token = vault.open(sealed);
  cache.delete(sealed);
  // The oldest entry goes first (a Map keeps insertion order): a bounded cache, whatever the accounts.
  if (cache.size >= MAX_TOKENS) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(sealed, { token, until: now + KEEP_MS });
  return token;
};
