import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { planUsageOf } from './plan-usage';

export const planLimitsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getPlanUsage, {
        schema: {
          tags: ['account'],
          summary:
            "The current period's use of the plan limits (blogs, blog topics, social posts, Google Ads): the paid subscription's period, else the calendar month",
          response: { 401: ZErrorBody },
        },
      }),
      handler: (request) => {
        const { user } = callerOf(request);
        return planUsageOf(deps.db, { userId: user.id, now: deps.clock.now() });
      },
    });
  };
