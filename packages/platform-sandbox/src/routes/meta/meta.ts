import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PlatformSandboxContext } from '../../context';
import { registerMetaGraph } from './graph';
import { registerMetaSdk } from './sdk';
import { createMetaWorld, type MetaWorld } from './world';

export type { MetaControl } from './world';

const ZUsage = z.object({
  call_count: z.number().min(0).max(100).optional(),
  total_time: z.number().min(0).max(100).optional(),
  total_cputime: z.number().min(0).max(100).optional(),
});
const ZControl = {
  app: z.object({ appId: z.string().nullable().optional(), appSecret: z.string().nullable().optional() }),
  kill: z.object({
    user_id: z.string().min(1),
    death: z.enum(['expired', 'password_changed', 'app_removed']),
  }),
  usage: z.object({ app: ZUsage.optional(), page: ZUsage.optional() }),
  containers: z.object({
    ms: z.number().int().min(0).nullable().optional(),
    outcome: z.enum(['FINISHED', 'ERROR']).optional(),
  }),
  quota: z.object({ total: z.number().int().min(0) }),
  insights: z.object({ page_id: z.string().min(1), granted: z.boolean() }),
  deletePost: z.object({ id: z.string().min(1) }),
};

/**
 * Facebook pages and Instagram business accounts: the Graph API under /graph/{version}, the Facebook
 * login (SDK and consent page) under /facebook, and the control of the simulated world — in process
 * (the answer) and over HTTP under /__sandbox/meta for a sandbox started on its own.
 */
export const registerMeta = (app: FastifyInstance, ctx: PlatformSandboxContext): MetaWorld => {
  const world = createMetaWorld(ctx);
  registerMetaGraph(app, world);
  registerMetaSdk(app, world);

  const control =
    <T>(schema: z.ZodType<T>, apply: (value: T) => unknown) =>
    async (req: { body: unknown }, reply: { code: (n: number) => { send: (b: unknown) => unknown } }) => {
      const parsed = schema.safeParse(req.body);
      if (!parsed.success)
        return reply.code(400).send({ error: 'bad_control', message: parsed.error.message });
      return apply(parsed.data) ?? { ok: true };
    };

  app.get('/__sandbox/meta', async () => ({
    app: { appId: world.app().appId, secretSet: Boolean(world.app().appSecret) },
    users: world.users(),
    pages: world.pages(),
    instagramAccounts: world.instagramAccounts(),
    posts: world.posts(),
    media: world.media(),
    containers: world.containers(),
    usage: world.usage(),
    publishingQuota: world.publishingQuota(),
  }));
  app.post(
    '/__sandbox/meta/app',
    control(ZControl.app, (value) => world.configureApp(value)),
  );
  app.post(
    '/__sandbox/meta/tokens',
    control(ZControl.kill, (v) => world.killTokensOf(v.user_id, v.death)),
  );
  app.post(
    '/__sandbox/meta/usage',
    control(ZControl.usage, (value) => world.setUsage(value)),
  );
  app.post(
    '/__sandbox/meta/containers',
    control(ZControl.containers, (v) => world.setContainerProcessing(v)),
  );
  app.post(
    '/__sandbox/meta/quota',
    control(ZControl.quota, (v) => world.setPublishingQuota(v.total)),
  );
  app.post(
    '/__sandbox/meta/insights',
    control(ZControl.insights, (v) => world.setInsightsGranted(v.page_id, v.granted)),
  );
  app.post(
    '/__sandbox/meta/posts/delete',
    control(ZControl.deletePost, (v) => ({ deleted: world.deletePost(v.id) })),
  );
  app.post('/__sandbox/meta/reset', async () => {
    world.reset();
    return { ok: true };
  });
  return world;
};
