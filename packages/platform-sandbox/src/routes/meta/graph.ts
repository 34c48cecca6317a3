import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sandboxFiguresOf } from '../post-figures';
import { GraphRefusal, invalidParameter, permissionDenied, sendGraphError, unsupportedGet } from './errors';
import { fetchPicture, SANDBOX_PNG } from './pictures';
import type { ContainerStatus, InstagramContainer, MetaPage, MetaToken, MetaWorld } from './world';
import { SUBCODE_OF } from './world';

/**
 * The Graph API stand-in under /graph/{version}/…: the calls a publisher makes for Facebook pages and
 * Instagram business accounts, with Graph's error codes, usage headers and appsecret_proof check.
 */

type Params = Record<string, string>;
type Upload = { bytes: Buffer; type: string };
type GraphRequest = FastifyRequest & {
  graphParams?: Params;
  graphUpload?: Upload;
  /** The page whose business use case usage the answer reports. */
  usagePageId?: string;
};

const MULTIPART = Symbol('multipart');
/** A path parameter of a Graph route ('' when absent). */
const paramOf = (req: FastifyRequest, name: string): string =>
  (req.params as Record<string, string> | undefined)?.[name] ?? '';

const LONG_LIVED_SECONDS = 5_183_944;
const MESSAGE_MAX = 63_206;
const CAPTION_MAX = 2_200;
const HASHTAGS_MAX = 30;
const CONTAINER_LIFETIME_MS = 24 * 3_600_000;
const DUPLICATE_WINDOW_MS = 24 * 3_600_000;
/** What Meta says when a page's business use case usage reaches 100%: minutes until calls are taken again. */
const REGAIN_MINUTES = 15;

/** Meta's own time format: ISO 8601 to the second, in UTC, written "+0000" (no colon, no milliseconds). */
const graphTime = (date: Date): string => `${date.toISOString().slice(0, 19)}+0000`;

const cursorOf = (offset: number) => Buffer.from(String(offset)).toString('base64url');
const offsetOf = (cursor: string | undefined) =>
  cursor ? Math.max(0, Number.parseInt(Buffer.from(cursor, 'base64url').toString(), 10) || 0) : 0;

/**
 * One page of a list, newest first, as the Graph API pages edges: `limit` (25 by default, 100 at most),
 * `after` a cursor; `paging.next` only while more remain. A reader that takes the first page alone misses
 * everything older.
 */
const pageOfList = <T>(req: FastifyRequest, items: T[], params: Params) => {
  const limit = Math.min(100, Math.max(1, Number.parseInt(params.limit ?? '25', 10) || 25));
  const offset = offsetOf(params.after);
  const data = items.slice(offset, offset + limit);
  const end = offset + data.length;
  const next = new URL(req.url, 'http://graph.invalid');
  next.searchParams.set('after', cursorOf(end));
  return {
    data,
    paging: {
      cursors: { before: cursorOf(offset), after: cursorOf(end) },
      ...(end < items.length
        ? { next: `https://graph.facebook.com${next.pathname.replace(/^\/graph/, '')}${next.search}` }
        : {}),
    },
  };
};

const stringParams = (value: unknown): Params => {
  const out: Params = {};
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string') out[key] = item;
      else if (typeof item === 'number' || typeof item === 'boolean') out[key] = String(item);
    }
  }
  return out;
};

/** Graph merges the query and the body (form, JSON or multipart) into one set of parameters. */
const paramsOf = (req: GraphRequest): Params => ({
  ...stringParams(req.query),
  ...(req.graphParams ?? stringParams(req.body)),
});

const fieldsOf = (params: Params): Set<string> =>
  new Set(
    (params.fields ?? '')
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean),
  );

const tokenOf = (req: FastifyRequest, params: Params): string | null => {
  const header = req.headers.authorization;
  const match = header ? /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? params.access_token ?? null;
};

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

type InsightMetric = {
  title: string;
  description: string;
  value: (figures: ReturnType<typeof sandboxFiguresOf>) => number | Record<string, number>;
};

/** The Page post metrics Graph serves since impressions were retired (15 November 2025). */
const FACEBOOK_METRICS: Record<string, InsightMetric> = {
  post_media_view: {
    title: 'Lifetime Post media views',
    description: 'Lifetime: The number of times your post was on screen.',
    value: (f) => f.views,
  },
  post_total_media_view_unique: {
    title: 'Lifetime Post total media viewers',
    description: 'Lifetime: The number of people who saw your post at least once.',
    value: (f) => f.reach,
  },
  post_reactions_by_type_total: {
    title: 'Lifetime Total post Reactions by Type.',
    description: 'Lifetime: Total post reactions by type.',
    // Graph splits reactions by kind; a handful are loves, the rest likes.
    value: (f) => ({ like: f.reactions - Math.floor(f.reactions / 4), love: Math.floor(f.reactions / 4) }),
  },
  post_clicks: {
    title: 'Lifetime Matched Audience Targeting Consumptions on Post',
    description: 'Lifetime: The number of clicks anywhere in your post.',
    value: (f) => f.clicks,
  },
};

/** An Instagram feed picture's metrics since impressions were retired (v22.0, 21 April 2025). */
const INSTAGRAM_METRICS: Record<string, InsightMetric> = {
  views: {
    title: 'Views',
    description: 'The number of times your post was played or displayed.',
    value: (f) => f.views,
  },
  reach: {
    title: 'Accounts reached',
    description: 'The number of unique accounts that have seen this post at least once.',
    value: (f) => f.reach,
  },
  likes: { title: 'Likes', description: 'The number of likes on this post.', value: (f) => f.reactions },
  comments: {
    title: 'Comments',
    description: 'The number of comments on this post.',
    value: (f) => f.comments,
  },
  shares: { title: 'Shares', description: 'The number of shares of this post.', value: (f) => f.shares },
  saved: { title: 'Saves', description: 'The number of saves of this post.', value: (f) => f.saves },
  total_interactions: {
    title: 'Interactions',
    description: 'The number of likes, saves, comments and shares on this post.',
    value: (f) => f.reactions + f.saves + f.comments + f.shares,
  },
};

export const registerMetaGraph = (app: FastifyInstance, world: MetaWorld) => {
  const now = () => world.ctx.now();

  const authenticate = (req: GraphRequest, params: Params, checkProof = true): MetaToken => {
    const value = tokenOf(req, params);
    if (!value) {
      throw new GraphRefusal(
        400,
        'An active access token must be used to query information about the current user.',
        'OAuthException',
        2500,
      );
    }
    const token = world.token(value);
    if (!token) {
      throw new GraphRefusal(
        400,
        'Invalid OAuth access token - Cannot parse access token',
        'OAuthException',
        190,
      );
    }
    const expected = checkProof ? world.expectedProof(value) : null;
    if (expected) {
      const given = params.appsecret_proof;
      if (!given) {
        throw invalidParameter('API calls from the server require an appsecret_proof argument');
      }
      if (!sameText(given.toLowerCase(), expected)) {
        throw invalidParameter('Invalid appsecret_proof provided in the API argument');
      }
    }
    const death = token.dead ?? (token.expiresAt && token.expiresAt <= now() ? 'expired' : null);
    if (death) {
      const message =
        death === 'expired'
          ? `Error validating access token: Session has expired on ${(token.expiresAt ?? now()).toUTCString()}. The current time is ${now().toUTCString()}.`
          : death === 'password_changed'
            ? 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.'
            : `Error validating access token: The user has not authorized application ${world.app().appId ?? 'sandbox-app'}.`;
      throw new GraphRefusal(400, message, 'OAuthException', 190, SUBCODE_OF[death]);
    }
    return token;
  };

  /** Usage at 100% refuses calls, as Meta does, before any work is done. */
  const enforceUsage = (req: GraphRequest) => {
    const usage = world.usage();
    if (Math.max(usage.app.call_count, usage.app.total_time, usage.app.total_cputime) >= 100) {
      throw new GraphRefusal(400, '(#4) Application request limit reached', 'OAuthException', 4, undefined, {
        is_transient: true,
      });
    }
    if (
      req.usagePageId &&
      Math.max(usage.page.call_count, usage.page.total_time, usage.page.total_cputime) >= 100
    ) {
      throw new GraphRefusal(400, '(#32) Page request limit reached', 'OAuthException', 32, undefined, {
        is_transient: true,
      });
    }
  };

  const pageFor = (token: MetaToken, pageId: string) => {
    const page = world.page(pageId);
    if (!page || page.ownerId !== token.userId) throw unsupportedGet(pageId);
    return page;
  };

  const instagramFor = (token: MetaToken, igUserId: string) => {
    const account = world.instagram(igUserId);
    const page = account && world.page(account.pageId);
    if (!account || !page || page.ownerId !== token.userId) throw unsupportedGet(igUserId);
    return { account, page };
  };

  /** Posting as a page takes that page's own token and the CREATE_CONTENT task. */
  const publishingPage = (token: MetaToken, pageId: string) => {
    const page = pageFor(token, pageId);
    if (token.kind !== 'page' || token.pageId !== page.id) {
      throw permissionDenied(
        'If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
      );
    }
    if (!page.tasks.includes('CREATE_CONTENT')) {
      throw permissionDenied(
        'The user does not have sufficient administrative permission for this action on this page',
      );
    }
    return page;
  };

  const containerStatus = (container: InstagramContainer): ContainerStatus => {
    if (container.published) return 'PUBLISHED';
    const at = now().getTime();
    if (at - container.createdAt.getTime() > CONTAINER_LIFETIME_MS) return 'EXPIRED';
    if (!container.readyAt || at < container.readyAt.getTime()) return 'IN_PROGRESS';
    return container.outcome;
  };

  const STATUS_TEXT: Record<ContainerStatus, string> = {
    IN_PROGRESS: 'In Progress: Media is still being processed.',
    FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
    PUBLISHED: 'Published: Media has been published.',
    ERROR: 'Error: Media upload has failed with error code 2207052.',
    EXPIRED: 'Expired: Media was not published within 24 hours.',
  };

  const publishedInLastDay = (igUserId: string) => {
    const since = now().getTime() - 24 * 3_600_000;
    return world.media(igUserId).filter((media) => media.timestamp.getTime() > since).length;
  };

  const usageHeaders = (req: GraphRequest, reply: FastifyReply) => {
    const usage = world.usage();
    reply.header('x-app-usage', JSON.stringify(usage.app));
    if (req.usagePageId) {
      const full = Math.max(usage.page.call_count, usage.page.total_time, usage.page.total_cputime) >= 100;
      reply.header(
        'x-business-use-case-usage',
        JSON.stringify({
          [req.usagePageId]: [
            { type: 'pages', ...usage.page, estimated_time_to_regain_access: full ? REGAIN_MINUTES : 0 },
          ],
        }),
      );
    }
  };

  app.register(
    async (graph) => {
      // Scoped to /graph: other platforms' stand-ins parse their bodies their own way.
      graph.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      // Photos come as bytes in a multipart "source" field; the other fields are parameters.
      graph.addContentTypeParser(
        'multipart/form-data',
        { parseAs: 'buffer' },
        async (req: FastifyRequest, body: Buffer | string) => {
          const form = await new Response(body, {
            headers: { 'content-type': req.headers['content-type'] ?? '' },
          }).formData();
          const params: Params = {};
          let upload: Upload | undefined;
          for (const [key, value] of form.entries()) {
            if (typeof value === 'string') params[key] = value;
            else if (key === 'source')
              upload = { bytes: Buffer.from(await value.arrayBuffer()), type: value.type };
          }
          return { [MULTIPART]: true, params, upload };
        },
      );
      graph.addHook('preHandler', async (request) => {
        const req = request as GraphRequest;
        const body = req.body as { [MULTIPART]?: true; params: Params; upload?: Upload } | undefined;
        if (body?.[MULTIPART]) {
          req.graphParams = body.params;
          req.graphUpload = body.upload;
        }
        if (req.url.includes('/pictures/')) return;
        world.countCall();
        const id = paramOf(req, 'id');
        if (id) {
          const page = world.page(id) ?? world.page(world.instagram(id)?.pageId ?? '');
          if (page) req.usagePageId = page.id;
          else {
            const post = world.allPosts.find((p) => p.id === id || p.photoId === id);
            if (post) req.usagePageId = post.pageId;
          }
        }
      });
      graph.addHook('onSend', async (request, reply, payload) => {
        usageHeaders(request as GraphRequest, reply);
        return payload;
      });

      /** Runs a Graph handler, answering its refusals in Graph's shape. */
      const handle =
        (work: (req: GraphRequest, params: Params) => Promise<unknown> | unknown) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          const req = request as GraphRequest;
          try {
            const version = paramOf(req, 'version');
            if (version && !/^v\d+\.\d+$/.test(version)) {
              throw new GraphRefusal(400, `Unknown path components: /${version}`, 'OAuthException', 2500);
            }
            const params = paramsOf(req);
            return await work(req, params);
          } catch (error) {
            if (error instanceof GraphRefusal) return sendGraphError(reply, error);
            throw error;
          }
        };

      graph.get('/pictures/:file', async (_req, reply) =>
        reply.header('content-type', 'image/png').header('cache-control', 'no-store').send(SANDBOX_PNG),
      );

      graph.get(
        '/:version/oauth/access_token',
        handle((req, params) => {
          enforceUsage(req);
          const { appId, appSecret } = world.app();
          if (params.grant_type !== 'fb_exchange_token' || !params.fb_exchange_token) {
            throw invalidParameter('Missing or invalid grant_type or fb_exchange_token');
          }
          if (!params.client_id || (appId && params.client_id !== appId)) {
            throw new GraphRefusal(
              400,
              'Error validating application. Invalid application ID.',
              'OAuthException',
              101,
            );
          }
          if (!params.client_secret || (appSecret && !sameText(params.client_secret, appSecret))) {
            throw new GraphRefusal(400, 'Error validating client secret.', 'OAuthException', 1);
          }
          // The client secret itself proves the caller here, as on Graph.
          const shortToken = authenticate(req, { access_token: params.fb_exchange_token }, false);
          if (shortToken.kind !== 'user')
            throw invalidParameter('fb_exchange_token must be a user access token');
          const expiresAt = new Date(now().getTime() + LONG_LIVED_SECONDS * 1000);
          const long = world.newToken('user', shortToken.userId, null, expiresAt);
          return { access_token: long.value, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS };
        }),
      );

      graph.get(
        '/:version/me',
        handle((req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          if (token.kind === 'page') {
            const page = world.page(token.pageId ?? '');
            return { id: page?.id, name: page?.name };
          }
          const user = world.user(token.userId);
          if (!user) throw unsupportedGet('me');
          const fields = fieldsOf(params);
          return {
            id: user.id,
            name: user.name,
            ...(fields.has('picture')
              ? {
                  picture: {
                    data: {
                      url: `${world.ctx.publicUrl()}${user.picturePath}`,
                      is_silhouette: false,
                      height: 50,
                      width: 50,
                    },
                  },
                }
              : {}),
          };
        }),
      );

      graph.get(
        '/:version/me/accounts',
        handle((req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          if (token.kind !== 'user') throw invalidParameter('Tried accessing nonexisting field (accounts)');
          const fields = fieldsOf(params);
          // A page token minted from a long-lived user token does not expire; from a short one it lasts
          // as long as that token.
          const long =
            token.expiresAt === null || token.expiresAt.getTime() - now().getTime() > 24 * 3_600_000;
          const data = world.pages(token.userId).map((page) => {
            const pageToken = world.newToken('page', token.userId, page.id, long ? null : token.expiresAt);
            return {
              id: page.id,
              name: page.name,
              access_token: pageToken.value,
              category: 'Coffee Shop',
              tasks: page.tasks,
              ...(fields.has('picture')
                ? { picture: { data: { url: `${world.ctx.publicUrl()}/graph/pictures/${page.id}.png` } } }
                : {}),
              ...(fields.has('instagram_business_account') && page.instagramId
                ? { instagram_business_account: { id: page.instagramId } }
                : {}),
            };
          });
          return { data, paging: { cursors: { before: 'QVFIU0', after: 'QVFIU1' } } };
        }),
      );

      graph.delete(
        '/:version/me/permissions',
        handle((req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          world.killTokensOf(token.userId, 'app_removed');
          return { success: true };
        }),
      );

      graph.get(
        '/:version/:id',
        handle((req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          const id = paramOf(req, 'id');
          const fields = fieldsOf(params);

          const account = world.instagram(id);
          if (account) {
            instagramFor(token, id);
            return {
              id: account.id,
              username: account.username,
              ...(fields.has('profile_picture_url')
                ? { profile_picture_url: `${world.ctx.publicUrl()}${account.picturePath}` }
                : {}),
            };
          }
          const page = world.page(id);
          if (page) {
            pageFor(token, id);
            return { id: page.id, name: page.name };
          }
          const container = world.allContainers.find((item) => item.id === id);
          if (container) {
            instagramFor(token, container.igUserId);
            const status = containerStatus(container);
            return { id: container.id, status_code: status, status: STATUS_TEXT[status] };
          }
          const media = world.allMedia.find((item) => item.id === id);
          if (media) {
            instagramFor(token, media.igUserId);
            return {
              id: media.id,
              caption: media.caption,
              media_type: 'IMAGE',
              media_url: media.mediaUrl,
              permalink: media.permalink,
              timestamp: graphTime(media.timestamp),
            };
          }
          const post = world.allPosts.find((item) => item.id === id || item.photoId === id);
          if (post) {
            pageFor(token, post.pageId);
            return {
              id: post.photoId === id ? post.photoId : post.id,
              message: post.message,
              created_time: graphTime(post.createdTime),
              permalink_url: `https://www.facebook.com/${post.id}`,
              is_published: post.published,
            };
          }
          throw unsupportedGet(id);
        }),
      );

      const feedOf = (req: GraphRequest, params: Params) => {
        enforceUsage(req);
        const token = authenticate(req, params);
        const pageId = paramOf(req, 'id');
        pageFor(token, pageId);
        const posts = world
          .posts(pageId)
          .filter((post) => post.published)
          .sort((a, b) => b.createdTime.getTime() - a.createdTime.getTime())
          .map((post) => ({
            id: post.id,
            message: post.message,
            created_time: graphTime(post.createdTime),
            permalink_url: `https://www.facebook.com/${post.id}`,
          }));
        return pageOfList(req, posts, params);
      };
      /**
       * GET /{page-post-id}/insights and GET /{ig-media-id}/insights: lifetime figures in Graph's shape
       * ({ data: [{ name, period, values: [{ value }], title, description, id }] }), growing with the post's
       * age. A metric Meta retired (impressions) or never had is refused with (#100); a page whose person
       * declined the insights permissions answers (#10); a deleted post, Graph's "does not exist" (100/33).
       */
      graph.get(
        '/:version/:id/insights',
        handle((req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          const id = paramOf(req, 'id');
          const post = world.allPosts.find((item) => item.id === id || item.photoId === id);
          const media = post ? undefined : world.allMedia.find((item) => item.id === id);
          let page: MetaPage;
          let published: Date;
          let metrics: Record<string, InsightMetric>;
          if (post) {
            page = pageFor(token, post.pageId);
            published = post.createdTime;
            metrics = FACEBOOK_METRICS;
          } else if (media) {
            page = instagramFor(token, media.igUserId).page;
            published = media.timestamp;
            metrics = INSTAGRAM_METRICS;
          } else throw unsupportedGet(id);
          const asked = (params.metric ?? '')
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean);
          if (asked.length === 0) throw invalidParameter('The parameter metric is required');
          asked.forEach((name, index) => {
            if (metrics[name]) return;
            throw post
              ? invalidParameter('The value must be a valid insights metric')
              : invalidParameter(
                  `metric[${index}] must be one of the following values: ${Object.keys(metrics).join(', ')}`,
                );
          });
          if (page.insightsDenied)
            throw new GraphRefusal(
              403,
              `(#10) This endpoint requires the '${post ? 'read_insights' : 'instagram_manage_insights'}' permission`,
              'OAuthException',
              10,
            );
          const figures = sandboxFiguresOf(id, published, now());
          return {
            data: asked.map((name) => {
              const metric = metrics[name] as InsightMetric;
              return {
                name,
                period: 'lifetime',
                values: [{ value: metric.value(figures) }],
                title: metric.title,
                description: metric.description,
                id: `${id}/insights/${name}/lifetime`,
              };
            }),
          };
        }),
      );

      graph.get('/:version/:id/feed', handle(feedOf));
      graph.get('/:version/:id/published_posts', handle(feedOf));

      graph.post(
        '/:version/:id/feed',
        handle((req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          const page = publishingPage(token, paramOf(req, 'id'));
          const message = params.message ?? '';
          const link = params.link || null;
          if (!message.trim() && !link) throw invalidParameter('Missing message or attachment');
          if (message.length > MESSAGE_MAX) throw invalidParameter('Message is too long');
          if (link && !/^https?:\/\//i.test(link)) throw invalidParameter('Param link must be a valid URL');
          const since = now().getTime() - DUPLICATE_WINDOW_MS;
          const duplicate = world
            .posts(page.id)
            .some(
              (post) =>
                post.createdTime.getTime() > since &&
                post.message === message &&
                post.link === link &&
                post.photoId === null,
            );
          if (duplicate)
            throw new GraphRefusal(400, '(#506) Duplicate status message', 'OAuthException', 506);
          const id = `${page.id}_${world.ctx.nextId('9')}`;
          world.allPosts.push({
            id,
            pageId: page.id,
            message,
            link,
            photoId: null,
            pictureUrl: null,
            published: params.published !== 'false',
            createdTime: now(),
          });
          return { id };
        }),
      );

      graph.post(
        '/:version/:id/photos',
        handle(async (req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          const page = publishingPage(token, paramOf(req, 'id'));
          const caption = params.caption ?? params.message ?? '';
          if (caption.length > MESSAGE_MAX) throw invalidParameter('Message is too long');
          let pictureUrl: string;
          if (req.graphUpload) {
            if (!req.graphUpload.type.startsWith('image/') || req.graphUpload.bytes.length === 0) {
              throw new GraphRefusal(400, '(#324) Missing or invalid image file', 'OAuthException', 324);
            }
            pictureUrl = `${world.ctx.publicUrl()}/graph/pictures/upload-${world.ctx.nextId('p')}.png`;
          } else if (params.url) {
            const fetched = await fetchPicture(params.url);
            if (!fetched.ok) {
              throw new GraphRefusal(400, '(#324) Missing or invalid image file', 'OAuthException', 324);
            }
            pictureUrl = params.url;
          } else {
            throw new GraphRefusal(400, '(#324) Requires upload file', 'OAuthException', 324);
          }
          const published = params.published !== 'false';
          const photoId = world.ctx.nextId('5');
          const id = `${page.id}_${world.ctx.nextId('9')}`;
          world.allPosts.push({
            id,
            pageId: page.id,
            message: caption,
            link: null,
            photoId,
            pictureUrl,
            published,
            createdTime: now(),
          });
          return published ? { id: photoId, post_id: id } : { id: photoId };
        }),
      );

      graph.get(
        '/:version/:id/media',
        handle((req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          const { account } = instagramFor(token, paramOf(req, 'id'));
          const media = world
            .media(account.id)
            .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime())
            .map((item) => ({
              id: item.id,
              caption: item.caption,
              permalink: item.permalink,
              timestamp: graphTime(item.timestamp),
            }));
          return pageOfList(req, media, params);
        }),
      );

      graph.post(
        '/:version/:id/media',
        handle(async (req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          const { account } = instagramFor(token, paramOf(req, 'id'));
          const caption = params.caption ?? '';
          if (caption.length > CAPTION_MAX) throw invalidParameter('The caption is too long', 2207003);
          if ((caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > HASHTAGS_MAX) {
            throw invalidParameter('The caption has more than 30 hashtags', 2207007);
          }
          if (!params.image_url) throw invalidParameter('The parameter image_url is required');
          const fetched = await fetchPicture(params.image_url);
          if (!fetched.ok) {
            throw new GraphRefusal(
              400,
              'Media download has failed. The media URI doesn\u2019t meet our requirements.',
              'OAuthException',
              9004,
              2207052,
              { error_user_title: 'Media could not be fetched from this URI', is_transient: false },
            );
          }
          const createdAt = now();
          const { ms, outcome } = world.containerSettings;
          const container: InstagramContainer = {
            id: world.ctx.nextId('1790'),
            igUserId: account.id,
            imageUrl: params.image_url,
            caption,
            createdAt,
            readyAt: ms === null ? null : new Date(createdAt.getTime() + ms),
            outcome,
            published: false,
          };
          world.allContainers.push(container);
          return { id: container.id };
        }),
      );

      graph.post(
        '/:version/:id/media_publish',
        handle((req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          const { account } = instagramFor(token, paramOf(req, 'id'));
          const container = world.allContainers.find(
            (item) => item.id === params.creation_id && item.igUserId === account.id,
          );
          if (!container) throw invalidParameter('The parameter creation_id is required or is invalid');
          const status = containerStatus(container);
          if (status === 'IN_PROGRESS') {
            throw new GraphRefusal(400, 'Media ID is not available', 'OAuthException', 9007, 2207027, {
              error_user_msg: 'The media is not ready for publishing, please wait for a moment',
            });
          }
          if (status !== 'FINISHED') {
            throw new GraphRefusal(
              400,
              'The media builder does not exist or has expired',
              'OAuthException',
              100,
              2207008,
            );
          }
          if (publishedInLastDay(account.id) >= world.publishingQuota()) {
            throw new GraphRefusal(400, 'Application request limit reached', 'OAuthException', 9, 2207042, {
              error_user_title: 'You have reached the maximum number of posts allowed in 24 hours',
            });
          }
          container.published = true;
          const id = world.ctx.nextId('1791');
          world.allMedia.push({
            id,
            igUserId: account.id,
            caption: container.caption,
            mediaUrl: container.imageUrl,
            permalink: `https://www.instagram.com/p/${id}/`,
            timestamp: now(),
          });
          return { id };
        }),
      );

      graph.get(
        '/:version/:id/content_publishing_limit',
        handle((req, params) => {
          enforceUsage(req);
          const token = authenticate(req, params);
          const { account } = instagramFor(token, paramOf(req, 'id'));
          return {
            data: [
              {
                quota_usage: publishedInLastDay(account.id),
                config: { quota_total: world.publishingQuota(), quota_duration: 86_400 },
              },
            ],
          };
        }),
      );
    },
    { prefix: '/graph' },
  );
};
