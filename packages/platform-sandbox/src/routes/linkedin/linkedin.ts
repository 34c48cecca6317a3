import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PlatformSandboxContext } from '../../context';
import { registerLinkedInApi } from './api';
import { registerLinkedInOAuth } from './oauth';
import { createLinkedInWorld, type LinkedInWorld } from './world';

export type { LinkedInControl, LinkedInMember, LinkedInPost } from './world';

const ZControl = {
  app: z.object({ clientId: z.string().min(1).optional(), clientSecret: z.string().min(1).optional() }),
  member: z.object({ name: z.string().min(1), email: z.string().min(3), sub: z.string().min(1).optional() }),
  signIn: z.object({ sub: z.string().min(1) }),
  kill: z.object({ sub: z.string().min(1), death: z.enum(['expired', 'revoked']) }),
  limits: z.object({
    daily_post_limit: z.number().int().min(0).optional(),
    duplicate_window_seconds: z.number().int().min(0).optional(),
    read_back_allowed: z.boolean().optional(),
  }),
  deletePost: z.object({ urn: z.string().min(1) }),
};

/**
 * LinkedIn for members' feeds under /linkedin: www.linkedin.com's OAuth pages and api.linkedin.com's
 * userinfo, Posts and Images calls (both hosts share the prefix, so a client configured with
 * {sandbox}/linkedin for both reaches them), and the control of the simulated world — in process
 * (the answer) and over HTTP under /__sandbox/linkedin for a sandbox started on its own.
 */
export const registerLinkedIn = (app: FastifyInstance, ctx: PlatformSandboxContext): LinkedInWorld => {
  const world = createLinkedInWorld(ctx);
  app.register(
    async (linkedin) => {
      // Scoped to /linkedin: OAuth calls are forms, image uploads raw bytes of any type.
      linkedin.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      linkedin.addContentTypeParser(
        ['application/octet-stream', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        { parseAs: 'buffer' },
        (_req, body, done) => done(null, body),
      );
      registerLinkedInOAuth(linkedin, world);
      registerLinkedInApi(linkedin, world);
    },
    { prefix: '/linkedin' },
  );

  const control =
    <T>(schema: z.ZodType<T>, apply: (value: T) => unknown) =>
    async (req: { body: unknown }, reply: { code: (n: number) => { send: (b: unknown) => unknown } }) => {
      const parsed = schema.safeParse(req.body);
      if (!parsed.success)
        return reply.code(400).send({ error: 'bad_control', message: parsed.error.message });
      try {
        return apply(parsed.data) ?? { ok: true };
      } catch (error) {
        return reply.code(404).send({ error: 'not_found', message: (error as Error).message });
      }
    };

  app.get('/__sandbox/linkedin', async () => ({
    app: { clientId: world.app().clientId, secretSet: Boolean(world.app().clientSecret) },
    members: world.members(),
    signedIn: world.signedIn().sub,
    tokens: world.tokens().map(({ value: _value, ...rest }) => rest),
    images: world
      .images()
      .map(({ bytes, uploadToken: _t, ...rest }) => ({ ...rest, size: bytes?.length ?? 0 })),
    posts: world.posts(),
  }));
  app.post(
    '/__sandbox/linkedin/app',
    control(ZControl.app, (value) => world.configureApp(value)),
  );
  app.post(
    '/__sandbox/linkedin/members',
    control(ZControl.member, (value) => world.addMember(value)),
  );
  app.post(
    '/__sandbox/linkedin/sign-in',
    control(ZControl.signIn, (value) => world.signInAs(value.sub)),
  );
  app.post(
    '/__sandbox/linkedin/tokens',
    control(ZControl.kill, (value) => ({ killed: world.killTokensOf(value.sub, value.death) })),
  );
  app.post(
    '/__sandbox/linkedin/limits',
    control(ZControl.limits, (value) => {
      if (value.daily_post_limit !== undefined) world.setDailyPostLimit(value.daily_post_limit);
      if (value.duplicate_window_seconds !== undefined)
        world.setDuplicateWindowSeconds(value.duplicate_window_seconds);
      if (value.read_back_allowed !== undefined) world.setReadBackAllowed(value.read_back_allowed);
    }),
  );
  app.post(
    '/__sandbox/linkedin/posts/delete',
    control(ZControl.deletePost, (value) => ({ deleted: world.deletePost(value.urn) })),
  );
  app.post('/__sandbox/linkedin/reset', async () => {
    world.reset();
    return { ok: true };
  });
  return world;
};
