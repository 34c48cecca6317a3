import type { AppDeps } from '../../app-deps';
import { assertKey } from '../../lib/clients/storage';

/** How long a public link works: long enough for a platform to fetch the picture, short enough to leak little. */
export const PUBLIC_FILE_LINK_SECONDS = 60 * 60;

/** Marks what the vault sealed as a public file link, so no other sealed value is ever taken for one. */
const PURPOSE = 'public-file';

type LinkClaims = { p: typeof PURPOSE; k: string; t: string; e: number };

/**
 * A link anyone may open for one stored file until it expires: what Instagram needs, since it fetches a
 * post's picture itself from a public address. The token is sealed by the vault (AES-256-GCM: nobody
 * can make or change one without the server's key, and the storage key inside, which names the user,
 * stays unreadable). The link is built on APP_ORIGIN, which must be public HTTPS for real Instagram.
 */
export const publicFileLink = (
  deps: Pick<AppDeps, 'vault' | 'clock' | 'config'>,
  file: { storageKey: string; contentType: string },
  seconds = PUBLIC_FILE_LINK_SECONDS,
): { url: string; expiresAt: Date } => {
  assertKey(file.storageKey);
  const expiresAt = new Date(deps.clock.now().getTime() + seconds * 1000);
  const claims: LinkClaims = {
    p: PURPOSE,
    k: file.storageKey,
    t: file.contentType,
    e: Math.floor(expiresAt.getTime() / 1000),
  };
  const token = deps.vault.seal(JSON.stringify(claims));
  const origin = deps.config.appOrigin.replace(/\/+$/, '');
  // In the query, not the path: a sealed token is longer than a path parameter may be (100 characters).
  return { url: `${origin}/api/public-files?token=${token}`, expiresAt };
};

/** The file a token opens, or null for a token that is not ours, was changed or has expired. */
export const openPublicFileToken = (
  deps: Pick<AppDeps, 'vault' | 'clock'>,
  token: string,
): { storageKey: string; contentType: string; expiresAt: Date } | null => {
  let claims: Partial<LinkClaims>;
  try {
    claims = JSON.parse(deps.vault.open(token)) as Partial<LinkClaims>;
  } catch {
    return null;
  }
  if (claims.p !== PURPOSE || typeof claims.k !== 'string' || typeof claims.t !== 'string') return null;
  if (typeof claims.e !== 'number' || claims.e * 1000 <= deps.clock.now().getTime()) return null;
  try {
    assertKey(claims.k);
  } catch {
    return null;
  }
  // Only pictures are ever shared this way; anything else is served as bytes to download, never rendered.
  if (!/^image\/(png|jpeg|webp|gif)$/.test(claims.t)) return null;
  return { storageKey: claims.k, contentType: claims.t, expiresAt: new Date(claims.e * 1000) };
};
