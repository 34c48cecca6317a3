import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { readFiguresNow } from '../post-figures/read-figures-now';
import { contentAnalytics } from './content-analytics';
import { listContentPosts } from './content-posts';
import { outreachAnalytics } from './outreach-analytics';

const tags = ['analytics'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Analytics (/analytics): the outreach funnel and its rates, and what was published, counted by the database. */
export const analyticsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getOutreachAnalytics, {
        schema: {
          tags,
          summary:
            'The outreach funnel (leads reached, profile viewed, liked, commented, invited, accepted, messaged, replied) ' +
            'of a period of local days (from–to, the last 30 by default; zone, else the profile zone, else UTC), ' +
            'with acceptance and reply rates, per campaign, account, message template and tone, per day or week, ' +
            "and each LinkedIn account's actions today against its daily caps",
          response: { ...errors },
        },
      }),
      handler: (request) => outreachAnalytics(deps, callerOf(request).user, request.query),
    });

    app.route({
      ...callRoute(CALLS.getContentAnalytics, {
        schema: {
          tags,
          summary:
            'Posts per network and per week (from Monday) of a period of local days: published, failed, held ' +
            'for a person to decide, and still to go out',
          response: { ...errors },
        },
      }),
      handler: (request) => contentAnalytics(deps, callerOf(request).user, request.query),
    });

    app.route({
      ...callRoute(CALLS.listContentPosts, {
        schema: {
          tags,
          summary:
            "The caller's published posts, the newest first (20 a page, keyset-paged by next_cursor; network to " +
            'keep one), each with the figures its platform gives (views, reach, reactions, comments, shares, saves), ' +
            'each with its source (API, version, endpoint, metric) and as-of date, and where its figures stand ' +
            '(waiting, measured, not available with the granted permissions, post gone, reconnect, failed, not offered)',
          response: { ...errors },
        },
      }),
      handler: (request) => listContentPosts(deps, callerOf(request).user.id, request.query),
    });

    app.route({
      ...callRoute(CALLS.readPostFigures, {
        schema: {
          tags,
          summary:
            "Read the platforms' figures of the caller's posts published in the last 28 days now, rather than at " +
            'their schedule (at the usual pace, in the background); a post read in the last 15 minutes is left out. ' +
            'Answers how many posts are being read (0: all were read moments ago)',
          response: { 401: ZErrorBody, 403: ZErrorBody },
        },
      }),
      handler: (request) => readFiguresNow(deps, callerOf(request).user.id),
    });
  };
