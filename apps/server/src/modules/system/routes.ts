import { CALLS } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callRoute } from '../../http/call-route';

export const systemRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getHealth, {
        config: { access: 'public', usesStorage: false },
        schema: {
          tags: ['system'],
          summary: 'ok, or degraded for a minute after the event loop stalled (lib/core/faults)',
        },
      }),
      handler: async () => {
        const stalledMs = deps.watchdog.recentStallMs();
        if (stalledMs === null) return { status: 'ok' as const };
        // Still 200: the process answers again, so a load balancer's readiness check keeps it in service;
        // monitoring reads the status and the stall's length.
        return {
          status: 'degraded' as const,
          eventLoopStalledMs: stalledMs,
          message: `The server stopped answering for ${stalledMs} ms in the last minute`,
        };
      },
    });
    app.route({
      ...callRoute(CALLS.getConfig, {
        config: { access: 'public', usesStorage: false },
        schema: { tags: ['system'], summary: 'What the web app needs before sign-in' },
      }),
      handler: async () => ({ recaptcha_site_key: deps.config.recaptcha?.siteKey ?? null, version: '1.0.0' }),
    });
  };
