import { randomBytes } from 'node:crypto';
import type { PlatformSandboxContext } from '../../context';

/**
 * The simulated WordPress sites behind /wp/{site}: each with its users and their application
 * passwords, a mode that says how the host behaves, the media uploaded and the posts made.
 */

/**
 * - wordpress: a working site.
 * - strips_authorization: the host drops the Authorization header before WordPress sees it (some
 *   shared hosts and security plugins do), so every call is anonymous.
 * - not_wordpress: any other web site: every path answers an HTML 404 page.
 * - plain_permalinks: WordPress with "Plain" permalinks: /wp-json/ is the web server's HTML 404, the
 *   REST API answers at /?rest_route=/wp/v2/….
 */
export type WordpressSiteMode = 'wordpress' | 'strips_authorization' | 'not_wordpress' | 'plain_permalinks';
export type WordpressRole = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';

export type WordpressUser = {
  id: number;
  username: string;
  email: string;
  name: string;
  role: WordpressRole;
  /** Application passwords as WordPress shows them once (groups of four, spaces ignored). */
  applicationPasswords: string[];
};

export type WordpressMedia = {
  id: number;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  authorId: number;
  sourceUrl: string;
};

export type WordpressPost = {
  id: number;
  /** As WordPress stored it: for a role without unfiltered_html, after kses ("&" → "&amp;"). */
  title: string;
  content: string;
  status: 'publish' | 'future' | 'draft' | 'pending' | 'private';
  dateGmt: Date;
  /** The post's date in the site's time zone when it was saved ("YYYY-MM-DDTHH:MM:SS"), as post_date. */
  dateLocal: string;
  slug: string;
  /** The summary sent with the post (WordPress makes one from the content when none is). */
  excerpt: string;
  featuredMedia: number;
  authorId: number;
  link: string;
};

export type WordpressSite = {
  name: string;
  title: string;
  mode: WordpressSiteMode;
  /** Settings → General → Timezone (an IANA zone); the posts' local dates are in it. */
  timezone: string;
  users: WordpressUser[];
  media: WordpressMedia[];
  posts: WordpressPost[];
  nextId: number;
};

export type WordpressControl = {
  /** Adds (or replaces) a site at /wp/{name}; answers its base URL as a user would type it. */
  addSite: (site: { name: string; title?: string; mode?: WordpressSiteMode; timezone?: string }) => string;
  setMode: (name: string, mode: WordpressSiteMode) => void;
  /** Settings → General → Timezone: new posts get their local date in this zone. */
  setTimezone: (name: string, timezone: string) => void;
  /** Adds a user with a new application password; answers the password. */
  addUser: (
    name: string,
    user: {
      username: string;
      email?: string;
      displayName?: string;
      role?: WordpressRole;
      applicationPassword?: string;
    },
  ) => { id: number; applicationPassword: string };
  /** Revokes every application password of a user (as the user would in their profile). */
  revokeApplicationPasswords: (name: string, username: string) => void;
  site: (name: string) => WordpressSite | undefined;
  sites: () => WordpressSite[];
  posts: (name: string) => WordpressPost[];
  media: (name: string) => WordpressMedia[];
  reset: () => void;
};

/** Everything the world holds, as kept on disk (dates and bytes are encoded by the world store). */
export type SavedWordpress = { sites: WordpressSite[] };

export type WordpressWorld = WordpressControl & {
  ctx: PlatformSandboxContext;
  saved: () => SavedWordpress;
  restore: (saved: SavedWordpress) => void;
  baseUrlOf: (name: string) => string;
};

/** A moment as the wall-clock time in `timezone`, the way WordPress writes post_date. */
export const localDate = (at: Date, timezone: string): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
};

/** WordPress shows application passwords as six groups of four; spaces are ignored when checking. */
export const newApplicationPassword = () =>
  (randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24).match(/.{4}/g) as string[]).join(
    ' ',
  );

export const createWordpressWorld = (ctx: PlatformSandboxContext): WordpressWorld => {
  const sites = new Map<string, WordpressSite>();
  const baseUrlOf = (name: string) => `${ctx.publicUrl()}/wp/${encodeURIComponent(name)}`;
  const mustGet = (name: string) => {
    const site = sites.get(name);
    if (!site) throw new Error(`No WordPress site ${name}`);
    return site;
  };

  const control: WordpressControl = {
    addSite: ({ name, title, mode, timezone }) => {
      sites.set(name, {
        name,
        title: title ?? `${name} blog`,
        mode: mode ?? 'wordpress',
        timezone: timezone ?? 'UTC',
        users: [],
        media: [],
        posts: [],
        nextId: 1,
      });
      return baseUrlOf(name);
    },
    setMode: (name, mode) => {
      mustGet(name).mode = mode;
    },
    setTimezone: (name, timezone) => {
      // Throws on a zone that does not exist, as WordPress refuses one.
      new Intl.DateTimeFormat('en', { timeZone: timezone });
      mustGet(name).timezone = timezone;
    },
    addUser: (name, { username, email, displayName, role, applicationPassword }) => {
      const site = mustGet(name);
      const password = applicationPassword ?? newApplicationPassword();
      const existing = site.users.find((user) => user.username === username);
      if (existing) {
        existing.applicationPasswords.push(password);
        return { id: existing.id, applicationPassword: password };
      }
      const id = site.users.length + 1;
      site.users.push({
        id,
        username,
        email: email ?? `${username}@example.com`,
        name: displayName ?? username,
        role: role ?? 'author',
        applicationPasswords: [password],
      });
      return { id, applicationPassword: password };
    },
    revokeApplicationPasswords: (name, username) => {
      const user = mustGet(name).users.find((u) => u.username === username);
      if (!user) throw new Error(`No user ${username} on ${name}`);
      user.applicationPasswords = [];
    },
    site: (name) => sites.get(name),
    sites: () => [...sites.values()],
    posts: (name) => [...mustGet(name).posts],
    media: (name) => [...mustGet(name).media],
    reset: () => {
      sites.clear();
      control.addSite({ name: 'demo', title: 'Demo blog' });
      control.addUser('demo', {
        username: 'editor',
        displayName: 'Demo Editor',
        role: 'editor',
        applicationPassword: 'abcd EFGH 1234 ijkl MNOP 5678',
      });
    },
  };
  control.reset();
  return {
    ...control,
    ctx,
    baseUrlOf,
    saved: () => ({ sites: [...sites.values()] }),
    restore: (saved) => {
      sites.clear();
      // Worlds saved before time zones existed were UTC sites.
      for (const site of saved.sites)
        sites.set(site.name, {
          ...site,
          timezone: site.timezone ?? 'UTC',
          posts: site.posts.map((post) => ({
            ...post,
            dateLocal: post.dateLocal ?? localDate(post.dateGmt, 'UTC'),
          })),
        });
    },
  };
};
