import type { TErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps';

/** Where the sandbox's profile pictures are served from, on the app's own origin. */
export const SANDBOX_MEDIA_PATH = '/sandbox-media';

/** Only picture paths go through: `/dms/image/v2/<id>/<artifact>`. */
const PICTURE_PATH = /^\/sandbox-media(\/dms\/image\/v2\/[\w-]+\/[\w.-]*(?:\/[\w.-]+)*)$/;

/** Relays the sandbox's pictures (sandbox mode only); the target is always the sandbox itself. */
export const sandboxMediaRoutes =
  (deps: Pick<AppDeps, 'linkedin'>): FastifyPluginAsync =>
  async (app) => {
    const sandboxUrl = deps.linkedin.sandboxUrl;
    if (!sandboxUrl) return;
    // One wildcard route: a parametric segment before a wildcard loses to the SPA's catch-all.
    app.get(`${SANDBOX_MEDIA_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      const picturePath = PICTURE_PATH.exec(request.url.split('?')[0] ?? '')?.[1];
      const answer =
        picturePath && !picturePath.includes('..')
          ? await fetch(`${sandboxUrl}${picturePath}`, { signal: AbortSignal.timeout(5000) })
          : null;
      if (!answer?.ok || !answer.headers.get('content-type')?.startsWith('image/')) {
        return reply.code(404).send({ error: 'not_found', message: 'No such picture' } satisfies TErrorBody);
      }
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type(answer.headers.get('content-type') ?? 'image/svg+xml')
        .send(Buffer.from(await answer.arrayBuffer()));
    });
  };
