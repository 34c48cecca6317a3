import { type PlatformSandbox, startPlatformSandbox } from '@sales-assist/platform-sandbox';
import type { WordpressDeps, WordpressSite } from '../../src/lib/clients/publishing/wordpress';
import { createSafeRequest } from '../../src/lib/security/safe-fetch';
import {
  type RealWordpressRole,
  realWordpressMissing,
  type StoredPost,
  startRealWordpress,
} from './real-wordpress';

/**
 * One WordPress site the same test cases run against: the real WordPress (Debian's package, see
 * real-wordpress.ts) or the platform sandbox's stand-in, driven the same way, so a case that passes on
 * both proves the stand-in behaves as the real one does where the app can notice.
 */
export type SiteUnderTest = {
  kind: 'real WordPress' | 'stand-in';
  /** The address a user types. */
  url: string;
  /** host:port for the SSRF-safe request's allow-list. */
  host: string;
  users: Record<
    Exclude<RealWordpressRole, 'administrator'>,
    { login: string; loginPassword: string; applicationPassword: string }
  >;
  setTimezone: (zone: string) => Promise<void>;
  /** The next post made is kept by the site, but its answer comes only after `seconds`. */
  loseNextAnswer: (seconds: number) => Promise<void>;
  postsHolding: (
    text: string,
  ) => Promise<Pick<StoredPost, 'id' | 'title' | 'content' | 'excerpt' | 'status'>[]>;
  revokeApplicationPasswords: (role: Exclude<RealWordpressRole, 'administrator'>) => Promise<void>;
  /** The post's featured image as the site keeps it (the attachment's type and size), or null. */
  featuredImageOf: (postId: number) => Promise<{ mimeType: string; bytes: number } | null>;
  stop: () => Promise<void>;
};

export const startRealSite = async (): Promise<SiteUnderTest> => {
  const wp = await startRealWordpress();
  return {
    kind: 'real WordPress',
    url: wp.url,
    host: wp.host,
    users: { editor: wp.users.editor, author: wp.users.author, contributor: wp.users.contributor },
    setTimezone: wp.setTimezone,
    loseNextAnswer: (seconds) => wp.stallNextPosts(1, seconds),
    postsHolding: wp.postsHolding,
    revokeApplicationPasswords: wp.revokeApplicationPasswords,
    featuredImageOf: (postId) =>
      wp.php<{ mimeType: string; bytes: number } | null>(
        `$id = get_post_thumbnail_id($args);
        return $id ? ['mimeType' => get_post_mime_type($id), 'bytes' => filesize(get_attached_file($id))] : null;`,
        postId,
      ),
    stop: wp.stop,
  };
};

const SITE = 'real-like';

export const startStandInSite = async (): Promise<SiteUnderTest & { sandbox: PlatformSandbox }> => {
  const sandbox = await startPlatformSandbox();
  const world = sandbox.platforms.wordpress;
  const url = world.addSite({ name: SITE });
  const user = (role: 'editor' | 'author' | 'contributor') => ({
    login: `${role}-account`,
    loginPassword: `${role}-login-password`,
    applicationPassword: world.addUser(SITE, { username: `${role}-account`, role }).applicationPassword,
  });
  const users = { editor: user('editor'), author: user('author'), contributor: user('contributor') };
  return {
    kind: 'stand-in',
    sandbox,
    url,
    host: new URL(sandbox.url).host,
    users,
    setTimezone: async (zone) => world.setTimezone(SITE, zone),
    loseNextAnswer: async (seconds) => {
      sandbox.faults.inject({
        method: 'POST',
        path: `/wp/${SITE}/wp-json/wp/v2/posts`,
        status: 200,
        after_handling: true,
        delay_ms: seconds * 1000,
        times: 1,
      });
    },
    postsHolding: async (text) =>
      world
        .posts(SITE)
        .filter((post) => post.content.includes(text))
        .map(({ id, title, content, excerpt, status }) => ({ id, title, content, excerpt, status })),
    revokeApplicationPasswords: async (role) => world.revokeApplicationPasswords(SITE, `${role}-account`),
    featuredImageOf: async (postId) => {
      const post = world.posts(SITE).find((each) => each.id === postId);
      const media = world.media(SITE).find((each) => each.id === post?.featuredMedia);
      return media ? { mimeType: media.mimeType, bytes: media.bytes.length } : null;
    },
    stop: () => sandbox.close(),
  };
};

/**
 * The sites a file's cases run against: the stand-in always, the real WordPress where Debian's packages are
 * installed (CI installs them); without them the real one is reported as skipped, with the reason.
 */
const missing = realWordpressMissing();
if (missing) console.warn(`Skipping the real-WordPress half of the WordPress tests: ${missing}.`);
export const SITES_UNDER_TEST: {
  kind: SiteUnderTest['kind'];
  /** The describe's name: it says why when the real WordPress is skipped. */
  label: string;
  start: () => Promise<SiteUnderTest>;
  skip: string | null;
}[] = [
  {
    kind: 'real WordPress',
    label: missing ? `real WordPress (skipped: ${missing})` : 'real WordPress',
    start: startRealSite,
    skip: missing,
  },
  { kind: 'stand-in', label: 'stand-in', start: startStandInSite, skip: null },
];

/** What the client needs to call the site: the SSRF-safe request allowing it, with a short time limit. */
export const depsFor = (site: SiteUnderTest, timeoutMs = 3_000): WordpressDeps => ({
  request: createSafeRequest({ allowlist: [site.host] }),
  timeoutMs,
});

export const siteAs = (
  site: SiteUnderTest,
  role: keyof SiteUnderTest['users'],
  password: 'application' | 'login' = 'application',
): WordpressSite => ({
  baseUrl: site.url,
  username: site.users[role].login,
  applicationPassword:
    password === 'application' ? site.users[role].applicationPassword : site.users[role].loginPassword,
});
