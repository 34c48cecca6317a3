import { ZAppConfigResponse, ZHealthResponse } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

export const systemRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: ZHealthResponse } } },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/config',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: 'What the web app needs before sign-in',
          response: { 200: ZAppConfigResponse },
        },
      },
      async () => ({ recaptcha_site_key: deps.config.recaptcha?.siteKey ?? null, version: '1.0.0' }),
    );
  };
