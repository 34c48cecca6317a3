import { sandboxServer } from '@sales-assist/sandbox-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logRequest, type RequestLogEntry, type SandboxContext, sessionFlags } from './context';
import type { SandboxControl } from './control';
import { pathOf, sendError } from './http-util';
import { api } from './routes/api';
import { registerControl } from './routes/control';
import { registerFeed } from './routes/feed';
import { registerGraphql } from './routes/graphql';
import { registerInvitations } from './routes/invitations';
import { registerMe } from './routes/me';
import { registerMedia } from './routes/media';
import { registerMessaging } from './routes/messaging';
import { registerProfiles } from './routes/profiles';
import { liAtOf, servePage } from './session';

/** Every request of a session is logged (time, method, path, status) so tests can check pacing. */
const registerRequestLog = (app: FastifyInstance, ctx: SandboxContext): void => {
  const entries = new WeakMap<FastifyRequest, RequestLogEntry>();
  app.addHook('onRequest', async (req) => {
    const path = pathOf(req.url);
    if (path.startsWith('/__sandbox/') || path.startsWith('/dms/')) return;
    const liAt = liAtOf(req);
    if (!liAt) return;
    const entry: RequestLogEntry = {
      at: performance.timeOrigin + performance.now(),
      method: req.method,
      path,
      status: null,
    };
    entries.set(req, entry);
    logRequest(ctx, sessionFlags(ctx, liAt).memberKey, entry);
  });
  app.addHook('onResponse', async (req, reply) => {
    const entry = entries.get(req);
    if (entry) entry.status = reply.statusCode;
  });
};

export const buildSandboxServer = (ctx: SandboxContext, control: SandboxControl): FastifyInstance => {
  // Voyager's errors are answered as LinkedIn answers them, in its normalized JSON.
  const app = sandboxServer({
    bodyLimit: 1_048_576,
    platformError: (req, reply, status) =>
      pathOf(req.url).startsWith('/voyager/') ? sendError(reply, status) : undefined,
  });
  registerRequestLog(app, ctx);
  // The world is saved before any answer leaves: what a client was told happened has been kept.
  app.addHook('onSend', async (_req, _reply, payload) => {
    ctx.persist();
    return payload;
  });
  registerMe(app, ctx);
  registerGraphql(app, ctx);
  registerProfiles(app, ctx);
  registerFeed(app, ctx);
  registerInvitations(app, ctx);
  registerMessaging(app, ctx);
  registerMedia(app, ctx);
  registerControl(app, control);
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/voyager/api/*',
    handler: api(ctx, (_req, reply) => sendError(reply, 404, 'NOT_FOUND')),
  });
  app.get('/*', (req, reply) => servePage(ctx, req, reply));
  return app;
};
