import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PlatformSandboxContext } from '../../context';
import {
  createWordpressWorld,
  localDate,
  type WordpressPost,
  type WordpressSite,
  type WordpressUser,
  type WordpressWorld,
} from './world';

export type { WordpressControl, WordpressPost, WordpressSiteMode } from './world';

/** WordPress REST errors: { code, message, data: { status } }. */
const wpError = (reply: FastifyReply, status: number, code: string, message: string, extra: object = {}) =>
  reply.code(status).send({ code, message, data: { status, ...extra } });

const htmlNotFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>',
    );

const CAN_PUBLISH = new Set(['administrator', 'editor', 'author']);
const CAN_CREATE = new Set(['administrator', 'editor', 'author', 'contributor']);
/** Roles with unfiltered_html: what they send is stored as sent; the others' goes through kses. */
const UNFILTERED = new Set(['administrator', 'editor']);

/**
 * A role's capabilities as users/me?context=edit lists them: WordPress lists only those the user has
 * (a Contributor's list has no publish_posts at all; it is never there as false).
 */
const CAPABILITIES: Record<WordpressUser['role'], string[]> = {
  subscriber: ['read', 'level_0', 'subscriber'],
  contributor: ['edit_posts', 'read', 'level_1', 'level_0', 'delete_posts', 'contributor'],
  author: [
    'upload_files',
    'edit_posts',
    'edit_published_posts',
    'publish_posts',
    'read',
    'level_2',
    'level_1',
    'level_0',
    'delete_posts',
    'delete_published_posts',
    'author',
  ],
  editor: [
    'moderate_comments',
    'manage_categories',
    'upload_files',
    'unfiltered_html',
    'edit_posts',
    'edit_others_posts',
    'edit_published_posts',
    'publish_posts',
    'edit_pages',
    'read',
    'level_7',
    'delete_posts',
    'delete_others_posts',
    'delete_published_posts',
    'editor',
  ],
  administrator: [
    'switch_themes',
    'edit_themes',
    'activate_plugins',
    'edit_users',
    'manage_options',
    'moderate_comments',
    'upload_files',
    'unfiltered_html',
    'edit_posts',
    'edit_others_posts',
    'edit_published_posts',
    'publish_posts',
    'edit_pages',
    'read',
    'level_10',
    'delete_posts',
    'delete_published_posts',
    'administrator',
  ],
};

/** Tags kses keeps in a title or an excerpt for a role without unfiltered_html ($allowedtags). */
const TITLE_TAGS = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'blockquote',
  'cite',
  'code',
  'del',
  'em',
  'i',
  'q',
  's',
  'strike',
  'strong',
]);
/** Elements kses removes from content with what they hold. */
const DROPPED_ELEMENTS = /<(script|style|iframe|object|embed|form)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/**
 * What kses does to the text of a role without unfiltered_html, as far as the app can notice: a bare "&"
 * becomes "&amp;" (wp_kses_normalize_entities), tags it does not allow are removed; HTML comments stay.
 */
const kses = (text: string, allowedTags: Set<string> | 'post') =>
  (allowedTags === 'post' ? text.replace(DROPPED_ELEMENTS, '') : text)
    .replace(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi, (tag, _slash, name: string) =>
      allowedTags === 'post' || allowedTags.has(name.toLowerCase()) ? tag : '',
    )
    .replace(/&(?!(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+);)/gi, '&amp;');

type Who = { user: WordpressUser } | { anonymous: true };

/**
 * Who the request is, by HTTP Basic with an application password (spaces ignored, login or e-mail).
 * As on a real WordPress, credentials that do not open the site (unknown user, wrong or revoked
 * application password, the login password) leave the request anonymous: the caller sees the same 401
 * rest_not_logged_in (or rest_cannot_create) as without any. A host that strips the header does the same.
 */
const identify = (site: WordpressSite, req: FastifyRequest): Who => {
  const header = site.mode === 'strips_authorization' ? '' : (req.headers.authorization ?? '');
  if (!header.startsWith('Basic ')) return { anonymous: true };
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const login = colon < 0 ? decoded : decoded.slice(0, colon);
  const password = (colon < 0 ? '' : decoded.slice(colon + 1)).replace(/\s+/g, '');
  const user = site.users.find((u) => u.username === login || u.email.toLowerCase() === login.toLowerCase());
  if (!user?.applicationPasswords.some((p) => p.replace(/\s+/g, '') === password)) return { anonymous: true };
  return { user };
};

const wpDate = (at: Date) => at.toISOString().slice(0, 19);

const postJson = (post: WordpressPost, site: WordpressSite) => ({
  id: post.id,
  date: post.dateLocal,
  date_gmt: wpDate(post.dateGmt),
  modified: post.dateLocal,
  modified_gmt: wpDate(post.dateGmt),
  slug: post.slug,
  status: post.status,
  type: 'post',
  link: post.link,
  // WordPress gives `raw` only in the edit context; the sandbox always does.
  title: { raw: post.title, rendered: post.title.replace(/&/g, '&#038;') },
  content: { raw: post.content, rendered: post.content, protected: false },
  excerpt: {
    raw: post.excerpt,
    rendered: post.excerpt
      ? `<p>${post.excerpt.replace(/[&<>]/g, (ch) => `&#${ch.charCodeAt(0)};`)}</p>`
      : '',
    protected: false,
  },
  author: post.authorId,
  featured_media: post.featuredMedia,
  _site: site.name,
});

const ZTitle = z.union([z.string(), z.object({ raw: z.string() }).transform((t) => t.raw)]);
const ZPostBody = z.object({
  title: ZTitle.default(''),
  content: ZTitle.default(''),
  status: z.enum(['publish', 'future', 'draft', 'pending', 'private']).default('draft'),
  date_gmt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|\+00:00)?$/)
    .optional(),
  slug: z.string().optional(),
  excerpt: ZTitle.default(''),
  featured_media: z.number().int().min(0).default(0),
});

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'post';

/**
 * WordPress sites under /wp/{site}: the REST API's users/me, media and posts calls and the pages a
 * visitor opens, with hosts that strip the Authorization header and sites that are not WordPress at all.
 */
export const registerWordpress = (app: FastifyInstance, ctx: PlatformSandboxContext): WordpressWorld => {
  const world: WordpressWorld = createWordpressWorld(ctx);

  app.register(
    async (wp) => {
      wp.addContentTypeParser(
        ['application/octet-stream', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        { parseAs: 'buffer' },
        (_req, body, done) => done(null, body),
      );
      wp.decorateRequest('wpSite', null);
      // An unknown site, or a site that is not WordPress, is some other web server: HTML 404 everywhere.
      wp.addHook('onRequest', async (req, reply) => {
        const name = decodeURIComponent((req.url.split('?')[0] ?? '').split('/')[2] ?? '');
        const site = world.site(name);
        if (!site || site.mode === 'not_wordpress') return htmlNotFound(reply);
        const relayed = req.headers['x-sandbox-rest-route'] === '1';
        if (site.mode === 'plain_permalinks' && !relayed && /^\/wp\/[^/]+\/wp-json(\/|$)/.test(req.url))
          return htmlNotFound(reply);
        (req as FastifyRequest & { wpSite: WordpressSite }).wpSite = site;
      });
      const siteOf = (req: FastifyRequest) => (req as FastifyRequest & { wpSite: WordpressSite }).wpSite;

      wp.get('/:site/wp-json', async (req) => {
        const site = siteOf(req);
        return {
          name: site.title,
          url: world.baseUrlOf(site.name),
          home: world.baseUrlOf(site.name),
          namespaces: ['oembed/1.0', 'wp/v2', 'wp-site-health/v1'],
          authentication: {
            'application-passwords': {
              endpoints: {
                authorization: `${world.baseUrlOf(site.name)}/wp-admin/authorize-application.php`,
              },
            },
          },
        };
      });

      wp.get('/:site/wp-json/wp/v2/users/me', async (req, reply) => {
        const site = siteOf(req);
        const who = identify(site, req);
        if ('anonymous' in who)
          return wpError(reply, 401, 'rest_not_logged_in', 'You are not currently logged in.');
        const { user } = who;
        const edit = (req.query as Record<string, string>).context === 'edit';
        return {
          id: user.id,
          name: user.name,
          url: '',
          description: '',
          link: `${world.baseUrlOf(site.name)}/author/${user.username}/`,
          slug: user.username,
          avatar_urls: {},
          ...(edit
            ? {
                username: user.username,
                email: user.email,
                roles: [user.role],
                capabilities: Object.fromEntries(CAPABILITIES[user.role].map((cap) => [cap, true])),
              }
            : {}),
        };
      });

      wp.post('/:site/wp-json/wp/v2/media', async (req, reply) => {
        const site = siteOf(req);
        const who = identify(site, req);
        if ('anonymous' in who || !CAN_PUBLISH.has(who.user.role))
          return wpError(
            reply,
            'anonymous' in who ? 401 : 403,
            'rest_cannot_create',
            'Sorry, you are not allowed to upload media as this user.',
          );
        const disposition = String(req.headers['content-disposition'] ?? '');
        const fileName = disposition.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1];
        if (!disposition || !fileName)
          return wpError(
            reply,
            400,
            'rest_upload_no_content_disposition',
            'No Content-Disposition supplied.',
          );
        const bytes = req.body;
        if (!Buffer.isBuffer(bytes) || bytes.length === 0)
          return wpError(reply, 400, 'rest_upload_no_data', 'No data supplied.');
        const mimeType = String(req.headers['content-type'] ?? '').split(';')[0] ?? '';
        if (!mimeType.startsWith('image/'))
          return wpError(
            reply,
            500,
            'rest_upload_sideload_error',
            'Sorry, you are not allowed to upload this file type.',
          );
        const id = site.nextId++;
        const safeName = decodeURIComponent(fileName).replace(/[^\w.-]+/g, '-');
        const now = ctx.now();
        const sourceUrl = `${world.baseUrlOf(site.name)}/wp-content/uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}-${safeName}`;
        site.media.push({ id, fileName: safeName, mimeType, bytes, authorId: who.user.id, sourceUrl });
        return reply.code(201).send({
          id,
          date_gmt: wpDate(now),
          slug: slugOf(safeName),
          type: 'attachment',
          link: `${world.baseUrlOf(site.name)}/?attachment_id=${id}`,
          title: { rendered: safeName.replace(/\.[^.]+$/, '') },
          author: who.user.id,
          media_type: 'image',
          mime_type: mimeType,
          source_url: sourceUrl,
        });
      });

      wp.get('/:site/wp-content/uploads/*', async (req, reply) => {
        const site = siteOf(req);
        const path = req.url.split('?')[0] ?? '';
        const media = site.media.find((m) =>
          m.sourceUrl.endsWith(path.slice(`/wp/${encodeURIComponent(site.name)}`.length)),
        );
        if (!media) return htmlNotFound(reply);
        return reply.type(media.mimeType).send(media.bytes);
      });

      wp.post('/:site/wp-json/wp/v2/posts', async (req, reply) => {
        const site = siteOf(req);
        const who = identify(site, req);
        if ('anonymous' in who)
          return wpError(
            reply,
            401,
            'rest_cannot_create',
            'Sorry, you are not allowed to create posts as this user.',
          );
        if (!CAN_CREATE.has(who.user.role))
          return wpError(
            reply,
            403,
            'rest_cannot_create',
            'Sorry, you are not allowed to create posts as this user.',
          );
        const parsed = ZPostBody.safeParse(req.body ?? {});
        if (!parsed.success) {
          const param = String(parsed.error.issues[0]?.path[0] ?? 'body');
          return wpError(reply, 400, 'rest_invalid_param', `Invalid parameter(s): ${param}`, {
            params: { [param]: parsed.error.issues[0]?.message ?? 'invalid' },
          });
        }
        const body = parsed.data;
        if ((body.status === 'publish' || body.status === 'future') && !CAN_PUBLISH.has(who.user.role))
          return wpError(
            reply,
            403,
            'rest_cannot_publish',
            'Sorry, you are not allowed to publish posts in this post type.',
          );
        if (body.featured_media && !site.media.some((m) => m.id === body.featured_media))
          return wpError(reply, 400, 'rest_invalid_featured_media', 'Invalid featured media ID.');
        const now = ctx.now();
        const date = body.date_gmt ? new Date(`${body.date_gmt.replace(/(Z|\+00:00)$/, '')}Z`) : now;
        // As WordPress does: "publish" with a future date is scheduled; "future" with a past date is published.
        const status =
          body.status === 'publish' && date > now
            ? 'future'
            : body.status === 'future' && date <= now
              ? 'publish'
              : body.status;
        const id = site.nextId++;
        const filtered = !UNFILTERED.has(who.user.role);
        const post: WordpressPost = {
          id,
          title: filtered ? kses(body.title, TITLE_TAGS) : body.title,
          content: filtered ? kses(body.content, 'post') : body.content,
          status,
          dateGmt: date,
          dateLocal: localDate(date, site.timezone),
          slug: body.slug ?? slugOf(body.title),
          excerpt: filtered ? kses(body.excerpt, TITLE_TAGS) : body.excerpt,
          featuredMedia: body.featured_media,
          authorId: who.user.id,
          link: `${world.baseUrlOf(site.name)}/?p=${id}`,
        };
        site.posts.push(post);
        return reply.code(201).send(postJson(post, site));
      });

      wp.get('/:site/wp-json/wp/v2/posts', async (req, reply) => {
        const site = siteOf(req);
        const who = identify(site, req);
        const q = req.query as Record<string, string | undefined>;
        const statuses = (q.status ?? 'publish').split(',');
        if (statuses.some((s) => s !== 'publish') && 'anonymous' in who)
          return wpError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): status', {
            params: { status: 'Status is forbidden.' },
          });
        // WordPress's search: every word must be in the title, the excerpt or the content; "-word" excludes.
        const terms = (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const holds = (p: WordpressPost, term: string) =>
          [p.title, p.excerpt, p.content].some((text) => text.toLowerCase().includes(term));
        // `after` is compared with the post's date in the site's own time zone (post_date), not with date_gmt.
        const after = q.after ? q.after.replace(/(Z|[+-]\d{2}:?\d{2})$/, '').slice(0, 19) : null;
        const perPage = Math.min(100, Math.max(1, Number.parseInt(q.per_page ?? '10', 10) || 10));
        const found = site.posts
          .filter((p) => statuses.includes(p.status))
          .filter((p) =>
            terms.every((term) => (term.startsWith('-') ? !holds(p, term.slice(1)) : holds(p, term))),
          )
          .filter((p) => !after || p.dateLocal > after)
          .sort((a, b) => b.dateGmt.getTime() - a.dateGmt.getTime() || b.id - a.id);
        reply.header('x-wp-total', String(found.length));
        return found.slice(0, perPage).map((p) => postJson(p, site));
      });

      /** /?rest_route=/wp/v2/… is the REST API on any WordPress, the only way in with plain permalinks. */
      const relayRestRoute = async (req: FastifyRequest, reply: FastifyReply, route: string) => {
        const site = siteOf(req);
        const query = new URLSearchParams(req.query as Record<string, string>);
        query.delete('rest_route');
        const rest = query.toString();
        const { host: _host, 'content-length': _length, ...headers } = req.headers;
        const body = req.body;
        const answer = await app.inject({
          method: req.method as 'GET' | 'POST',
          url: `/wp/${encodeURIComponent(site.name)}/wp-json${route}${rest ? `?${rest}` : ''}`,
          headers: { ...headers, 'x-sandbox-rest-route': '1' },
          payload: Buffer.isBuffer(body) ? body : body === undefined ? undefined : JSON.stringify(body),
        });
        for (const name of ['content-type', 'x-wp-total', 'location']) {
          const value = answer.headers[name];
          if (value !== undefined) reply.header(name, String(value));
        }
        return reply.code(answer.statusCode).send(answer.rawPayload);
      };
      wp.post('/:site', async (req, reply) => {
        const route = (req.query as Record<string, string | undefined>).rest_route;
        if (!route) return htmlNotFound(reply);
        return relayRestRoute(req, reply, route);
      });

      wp.get('/:site', async (req, reply) => {
        const site = siteOf(req);
        const route = (req.query as Record<string, string | undefined>).rest_route;
        if (route) return relayRestRoute(req, reply, route);
        const id = Number((req.query as Record<string, string>).p ?? Number.NaN);
        const post = site.posts.find((p) => p.id === id && p.status === 'publish');
        const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
        if (Number.isFinite(id) && !post) return htmlNotFound(reply);
        const featured = post ? site.media.find((m) => m.id === post.featuredMedia) : undefined;
        const body = post
          ? `<article><h1>${esc(post.title)}</h1>${featured ? `<img alt="" style="max-width:100%" src="${esc(featured.sourceUrl)}">` : ''}${post.content}</article>`
          : `<h1>${esc(site.title)}</h1><ul>${site.posts
              .filter((p) => p.status === 'publish')
              .map((p) => `<li><a href="${esc(p.link)}">${esc(p.title)}</a></li>`)
              .join('')}</ul>`;
        return reply
          .type('text/html; charset=utf-8')
          .header('link', `<${world.baseUrlOf(site.name)}/wp-json/>; rel="https://api.w.org/"`)
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(post?.title ?? site.title)}</title></head><body style="font-family:Georgia,serif;max-width:40rem;margin:2rem auto">${body}</body></html>`,
          );
      });

      wp.all('/:site/wp-json/*', async (_req, reply) =>
        wpError(reply, 404, 'rest_no_route', 'No route was found matching the URL and request method.'),
      );
      wp.all('/:site/*', async (_req, reply) => htmlNotFound(reply));
    },
    { prefix: '/wp' },
  );

  const ZSite = z.object({
    name: z.string().regex(/^[a-z0-9-]{1,40}$/),
    title: z.string().optional(),
    mode: z.enum(['wordpress', 'strips_authorization', 'not_wordpress', 'plain_permalinks']).optional(),
    timezone: z
      .string()
      .refine(
        (zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC',
        'unknown time zone',
      )
      .optional(),
  });
  const ZUser = z.object({
    username: z.string().min(1),
    email: z.string().optional(),
    displayName: z.string().optional(),
    role: z.enum(['administrator', 'editor', 'author', 'contributor', 'subscriber']).optional(),
    applicationPassword: z.string().min(1).optional(),
  });
  app.get('/__sandbox/wordpress', async () => ({
    sites: world.sites().map((site) => ({
      name: site.name,
      url: world.baseUrlOf(site.name),
      mode: site.mode,
      users: site.users.map(({ applicationPasswords, ...user }) => ({
        ...user,
        applicationPasswords: applicationPasswords.length,
      })),
      media: site.media.map(({ bytes, ...media }) => ({ ...media, size: bytes.length })),
      posts: site.posts,
    })),
  }));
  app.post('/__sandbox/wordpress/sites', async (req, reply) => {
    const parsed = ZSite.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ error: 'bad_control', message: parsed.error.message });
    return { url: world.addSite(parsed.data) };
  });
  app.post('/__sandbox/wordpress/sites/:name/users', async (req, reply) => {
    const parsed = ZUser.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ error: 'bad_control', message: parsed.error.message });
    const name = (req.params as { name: string }).name;
    if (!world.site(name))
      return reply.code(404).send({ error: 'not_found', message: `No WordPress site ${name}` });
    return world.addUser(name, parsed.data);
  });
  app.post('/__sandbox/wordpress/reset', async () => {
    world.reset();
    return { ok: true };
  });
  return world;
};
