import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sandboxFiguresOf } from '../post-figures';
import type { LinkedInPost, LinkedInToken, LinkedInWorld } from './world';
import { renderLittleText, storedLittleText } from './world';

/** LinkedIn's REST error body: { status, serviceErrorCode?, code, message }. */
const restError = (
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  serviceErrorCode?: number,
) =>
  reply
    .code(status)
    .send({ status, ...(serviceErrorCode === undefined ? {} : { serviceErrorCode }), code, message });

/**
 * The member behind the Bearer token, or the 401 LinkedIn answers: 65600 for a token it does not know,
 * 65601 for one the member revoked, 65602 for an expired one.
 */
const authorize = (world: LinkedInWorld, req: FastifyRequest, reply: FastifyReply): LinkedInToken | null => {
  const header = req.headers.authorization ?? '';
  const value = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const found = value ? world.tokenByValue(value) : undefined;
  if (!found) {
    restError(reply, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600);
    return null;
  }
  if (found.revoked) {
    restError(
      reply,
      401,
      'REVOKED_ACCESS_TOKEN',
      'The token used in the request has been revoked by the user',
      65601,
    );
    return null;
  }
  if (found.expiresAt <= world.ctx.now()) {
    restError(reply, 401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65602);
    return null;
  }
  return found;
};

const needScope = (token: LinkedInToken, scope: string, resource: string, reply: FastifyReply): boolean => {
  if (token.scopes.includes(scope)) return true;
  restError(reply, 403, 'ACCESS_DENIED', `Not enough permissions to access: ${resource}`, 100);
  return false;
};

const monthIndex = (yyyymm: string) => Number(yyyymm.slice(0, 4)) * 12 + Number(yyyymm.slice(4, 6)) - 1;

/**
 * /rest calls need a LinkedIn-Version (YYYYMM) that is live: not in the future, and not older than a
 * year (LinkedIn then answers 426).
 */
const versionChecked = (world: LinkedInWorld, req: FastifyRequest, reply: FastifyReply): boolean => {
  const version = String(req.headers['linkedin-version'] ?? '');
  if (!version) {
    restError(
      reply,
      400,
      'VERSION_MISSING',
      'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
    );
    return false;
  }
  if (!/^20\d{2}(0[1-9]|1[0-2])(\.\d{2})?$/.test(version)) {
    restError(reply, 400, 'INVALID_VERSION', `Invalid version format: ${version}`);
    return false;
  }
  const now = world.ctx.now();
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const asked = monthIndex(version);
  if (asked > current) {
    restError(reply, 400, 'NONEXISTENT_VERSION', `Requested version ${version} is not active`);
    return false;
  }
  if (current - asked > 12) {
    restError(reply, 426, 'NONEXISTENT_VERSION', `Requested version ${version} is not active`);
    return false;
  }
  return true;
};

const restliChecked = (req: FastifyRequest, reply: FastifyReply): boolean => {
  if (req.headers['x-restli-protocol-version'] === '2.0.0') return true;
  restError(
    reply,
    400,
    'INVALID_PROTOCOL_VERSION',
    'X-Restli-Protocol-Version 2.0.0 is required for this resource',
  );
  return false;
};

const ZPostBody = z.object({
  author: z.string().regex(/^urn:li:(person|organization):.+$/),
  commentary: z.string().max(3000),
  visibility: z.enum(['PUBLIC', 'CONNECTIONS', 'LOGGED_IN']),
  distribution: z.object({
    feedDistribution: z.enum(['MAIN_FEED', 'NONE']),
    targetEntities: z.array(z.unknown()).optional(),
    thirdPartyDistributionChannels: z.array(z.unknown()).optional(),
  }),
  lifecycleState: z.literal('PUBLISHED'),
  isReshareDisabledByAuthor: z.boolean().optional(),
  content: z
    .object({
      media: z.object({ id: z.string().regex(/^urn:li:image:.+$/), altText: z.string().optional() }),
    })
    .optional(),
});

const postJson = (post: LinkedInPost) => ({
  id: post.urn,
  author: post.author,
  commentary: post.commentary,
  visibility: post.visibility,
  lifecycleState: post.lifecycleState,
  distribution: {
    feedDistribution: post.feedDistribution,
    targetEntities: [],
    thirdPartyDistributionChannels: [],
  },
  ...(post.imageUrn ? { content: { media: { id: post.imageUrn } } } : {}),
  isReshareDisabledByAuthor: false,
  createdAt: post.createdAt.getTime(),
  publishedAt: post.createdAt.getTime(),
  lastModifiedAt: post.createdAt.getTime(),
});

const secondsToUtcMidnight = (now: Date) =>
  Math.max(
    1,
    Math.ceil(
      (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000,
    ),
  );

/** The member post analytics query types and the sandbox figure each counts. */
const ANALYTICS_METRICS: Record<string, 'views' | 'reach' | 'reactions' | 'comments' | 'shares' | 'saves'> = {
  IMPRESSION: 'views',
  MEMBERS_REACHED: 'reach',
  REACTION: 'reactions',
  COMMENT: 'comments',
  RESHARE: 'shares',
  POST_SAVE: 'saves',
};

/** api.linkedin.com: OpenID userinfo, the Posts API and image uploads, as a member's token sees them. */
export const registerLinkedInApi = (app: FastifyInstance, world: LinkedInWorld) => {
  app.get('/v2/userinfo', async (req, reply) => {
    const token = authorize(world, req, reply);
    if (!token) return reply;
    if (!needScope(token, 'openid', 'userinfo', reply)) return reply;
    const member = world.memberBySub(token.sub);
    if (!member) return restError(reply, 404, 'NOT_FOUND', 'Member not found');
    return {
      sub: member.sub,
      email_verified: true,
      name: member.name,
      locale: { country: 'US', language: 'en' },
      given_name: member.name.split(' ')[0],
      family_name: member.name.split(' ').slice(1).join(' '),
      ...(token.scopes.includes('email') ? { email: member.email } : {}),
      picture: `${world.ctx.publicUrl()}${member.picturePath}`,
    };
  });

  app.post('/rest/images', async (req, reply) => {
    if (!versionChecked(world, req, reply)) return reply;
    const token = authorize(world, req, reply);
    if (!token) return reply;
    if ((req.query as Record<string, string>).action !== 'initializeUpload')
      return restError(reply, 400, 'BAD_REQUEST', 'action must be initializeUpload');
    if (!needScope(token, 'w_member_social', 'images.initializeUpload', reply)) return reply;
    const owner = (req.body as { initializeUploadRequest?: { owner?: unknown } } | undefined)
      ?.initializeUploadRequest?.owner;
    if (owner !== `urn:li:person:${token.sub}`)
      return restError(reply, 403, 'ACCESS_DENIED', 'The owner must be the member the token belongs to', 100);
    const image = world.newImage(owner);
    return {
      value: {
        uploadUrlExpiresAt: image.uploadUrlExpiresAt.getTime(),
        uploadUrl: `${world.ctx.publicUrl()}/linkedin/dms-uploads/${image.uploadToken}`,
        image: image.urn,
      },
    };
  });

  app.put('/dms-uploads/:uploadToken', async (req, reply) => {
    const image = world.imageByUploadToken((req.params as { uploadToken: string }).uploadToken);
    if (!image) return reply.code(404).send('');
    if (image.uploadUrlExpiresAt <= world.ctx.now()) return reply.code(403).send('');
    const body = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0) return reply.code(400).send('');
    image.bytes = body;
    image.contentType = String(req.headers['content-type'] ?? 'application/octet-stream');
    return reply.code(201).send('');
  });

  app.get('/rest/images/:urn', async (req, reply) => {
    if (!versionChecked(world, req, reply)) return reply;
    const token = authorize(world, req, reply);
    if (!token) return reply;
    const image = world.imageByUrn(decodeURIComponent((req.params as { urn: string }).urn));
    if (!image) return restError(reply, 404, 'NOT_FOUND', 'Not Found');
    return {
      id: image.urn,
      owner: image.owner,
      status: image.bytes ? 'AVAILABLE' : 'WAITING_UPLOAD',
      ...(image.bytes
        ? { downloadUrl: `${world.ctx.publicUrl()}/linkedin/media/images/${encodeURIComponent(image.urn)}` }
        : {}),
    };
  });

  app.post('/rest/posts', async (req, reply) => {
    if (!versionChecked(world, req, reply)) return reply;
    const token = authorize(world, req, reply);
    if (!token) return reply;
    if (!restliChecked(req, reply)) return reply;
    if (!needScope(token, 'w_member_social', 'partnerApiPostsExternal.CREATE', reply)) return reply;
    const parsed = ZPostBody.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return restError(
        reply,
        422,
        'UNPROCESSABLE_ENTITY',
        `ERROR :: /${issue?.path.join('/') ?? ''} :: ${issue?.message ?? 'invalid'}`,
      );
    }
    const body = parsed.data;
    if (body.author !== `urn:li:person:${token.sub}`)
      return restError(reply, 403, 'ACCESS_DENIED', `Not enough permissions to post as ${body.author}`, 100);
    const imageUrn = body.content?.media.id ?? null;
    if (imageUrn) {
      const image = world.imageByUrn(imageUrn);
      if (!image || image.owner !== body.author || !image.bytes)
        return restError(
          reply,
          422,
          'UNPROCESSABLE_ENTITY',
          `ERROR :: /content/media/id :: ${imageUrn} is not an available image`,
        );
    }
    if (world.postsToday(body.author) >= world.dailyPostLimit()) {
      reply.header('retry-after', String(secondsToUtcMidnight(world.ctx.now())));
      return restError(
        reply,
        429,
        'TOO_MANY_REQUESTS',
        'Resource level throttle MEMBER DAY limit for calls to this resource is reached.',
      );
    }
    const commentary = storedLittleText(body.commentary);
    const duplicate = world.duplicateOf(body.author, commentary);
    if (duplicate)
      return restError(reply, 422, 'DUPLICATE_POST', `Content is a duplicate of ${duplicate.urn}`);
    const post = world.addPost({
      author: body.author,
      commentary,
      shownText: renderLittleText(body.commentary),
      visibility: body.visibility,
      lifecycleState: body.lifecycleState,
      feedDistribution: body.distribution.feedDistribution,
      imageUrn,
    });
    return reply.code(201).header('x-restli-id', post.urn).header('x-linkedin-id', post.urn).send('');
  });

  /** Read-back: one post by URN. Real LinkedIn wants r_member_social for member posts. */
  app.get('/rest/posts/:urn', async (req, reply) => {
    if (!versionChecked(world, req, reply)) return reply;
    const token = authorize(world, req, reply);
    if (!token) return reply;
    if (!world.readBackAllowed())
      return restError(
        reply,
        403,
        'ACCESS_DENIED',
        'Not enough permissions to access: partnerApiPostsExternal.GET',
        100,
      );
    const post = world.postByUrn(decodeURIComponent((req.params as { urn: string }).urn));
    if (!post || post.author !== `urn:li:person:${token.sub}`)
      return restError(reply, 404, 'NOT_FOUND', 'Not Found');
    return postJson(post);
  });

  /** The author finder: GET /rest/posts?q=author&author={urn}&count=&start=, newest first. */
  app.get('/rest/posts', async (req, reply) => {
    if (!versionChecked(world, req, reply)) return reply;
    const token = authorize(world, req, reply);
    if (!token) return reply;
    if (!restliChecked(req, reply)) return reply;
    const q = req.query as Record<string, string | undefined>;
    if (q.q !== 'author' || !q.author)
      return restError(reply, 400, 'BAD_REQUEST', 'Use q=author&author={urn}');
    if (!world.readBackAllowed() || q.author !== `urn:li:person:${token.sub}`)
      return restError(
        reply,
        403,
        'ACCESS_DENIED',
        'Not enough permissions to access: partnerApiPostsExternal.FINDER-author',
        100,
      );
    const count = Math.min(100, Math.max(1, Number.parseInt(q.count ?? '10', 10) || 10));
    const start = Math.max(0, Number.parseInt(q.start ?? '0', 10) || 0);
    const mine = world
      .posts()
      .filter((post) => post.author === q.author)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.urn.localeCompare(a.urn));
    return {
      elements: mine.slice(start, start + count).map(postJson),
      paging: { start, count, total: mine.length },
    };
  });

  /**
   * Member Post Analytics, the entity finder: GET /rest/memberCreatorPostAnalytics?q=entity
   * &entity=(share:{urn})&queryType=IMPRESSION&aggregation=TOTAL, one metric per call, for the token's own
   * posts. Needs r_member_postAnalytics (403 ACCESS_DENIED without it); a deleted post is 404. Counts grow
   * with the post's age, as the other sandbox platforms' figures do.
   */
  app.get('/rest/memberCreatorPostAnalytics', async (req, reply) => {
    if (!versionChecked(world, req, reply)) return reply;
    const token = authorize(world, req, reply);
    if (!token) return reply;
    if (!restliChecked(req, reply)) return reply;
    if (!needScope(token, 'r_member_postAnalytics', 'memberCreatorPostAnalytics.FINDER-entity', reply))
      return reply;
    const q = req.query as Record<string, string | undefined>;
    if (q.q !== 'entity')
      return restError(reply, 400, 'BAD_REQUEST', 'This sandbox serves the entity finder: use q=entity');
    const entity = /^\((share|ugcPost):(urn:li:(?:share|ugcPost):\d+)\)$/.exec(q.entity ?? '');
    if (!entity)
      return restError(reply, 400, 'ILLEGAL_ARGUMENT', `Invalid entity: ${q.entity ?? '(missing)'}`);
    const metric = ANALYTICS_METRICS[q.queryType ?? ''];
    if (!metric)
      return restError(
        reply,
        400,
        'ILLEGAL_ARGUMENT',
        `Invalid queryType: ${q.queryType ?? '(missing)'}; use one of ${Object.keys(ANALYTICS_METRICS).join(', ')}`,
      );
    if (q.aggregation !== 'TOTAL')
      return restError(reply, 400, 'ILLEGAL_ARGUMENT', 'This sandbox serves aggregation=TOTAL');
    const urn = entity[2] as string;
    const post = world.postByUrn(urn);
    if (!post) return restError(reply, 404, 'NOT_FOUND', `Entity ${urn} not found`);
    if (post.author !== `urn:li:person:${token.sub}`)
      return restError(
        reply,
        403,
        'ACCESS_DENIED',
        'Not enough permissions to access: memberCreatorPostAnalytics.FINDER-entity',
        100,
      );
    const figures = sandboxFiguresOf(urn, post.createdAt, world.ctx.now());
    return {
      paging: { start: 0, count: 10, links: [] },
      elements: [
        {
          count: figures[metric],
          metricType: {
            'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': q.queryType,
          },
          targetEntity: { [entity[1] as string]: urn },
        },
      ],
    };
  });

  // What a person sees: the post's page, the uploaded images and the members' pictures.
  app.get('/feed/update/:urn', async (req, reply) => {
    const post = world.postByUrn(decodeURIComponent((req.params as { urn: string }).urn));
    if (!post)
      return reply.code(404).type('text/html; charset=utf-8').send('<h1>This post cannot be displayed</h1>');
    const author = world.memberBySub(post.author.replace('urn:li:person:', ''));
    const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const picture = post.imageUrn
      ? `<img alt="" style="max-width:100%" src="../../media/images/${encodeURIComponent(post.imageUrn)}">`
      : '';
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LinkedIn sandbox post</title></head><body style="font-family:system-ui;max-width:36rem;margin:2rem auto"><p><strong>${esc(author?.name ?? 'A member')}</strong></p><p style="white-space:pre-wrap">${esc(post.shownText)}</p>${picture}</body></html>`,
      );
  });

  app.get('/media/images/:urn', async (req, reply) => {
    const image = world.imageByUrn(decodeURIComponent((req.params as { urn: string }).urn));
    if (!image?.bytes) return reply.code(404).send('');
    return reply.type(image.contentType ?? 'application/octet-stream').send(image.bytes);
  });

  app.get('/media/profile/:file', async (req, reply) => {
    const sub = decodeURIComponent((req.params as { file: string }).file).replace(/\.svg$/, '');
    const member = world.memberBySub(sub);
    if (!member) return reply.code(404).send('');
    const initials = member.name
      .split(/\s+/)
      .map((part) => part[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    return reply
      .type('image/svg+xml')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="#0a66c2"/><text x="100" y="122" font-family="sans-serif" font-size="72" fill="#fff" text-anchor="middle">${initials}</text></svg>`,
      );
  });
};
