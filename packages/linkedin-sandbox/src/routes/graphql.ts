import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { queryString, sendError } from '../http-util';
import { RestliSyntaxError, type RestliValue, restliParam } from '../restli';
import { api } from './api';
import { answerComments, answerReactions } from './feed';
import { answerGroupMembers } from './groups';
import { answerSearch } from './search';

/**
 * `GET /voyager/api/graphql?variables=(…)&queryId=<name>.<hash>`. LinkedIn rotates the hash part of
 * query ids with its web releases; the sandbox only looks at the name.
 */
export const registerGraphql = (app: FastifyInstance, ctx: SandboxContext): void => {
  app.get(
    '/voyager/api/graphql',
    api(ctx, (req, reply, { member }) => {
      const queryName = (queryString(req, 'queryId') ?? '').split('.')[0];
      let variables: RestliValue;
      try {
        variables = restliParam(req.url, 'variables') ?? {};
      } catch (e) {
        if (e instanceof RestliSyntaxError) return sendError(reply, 400, 'INVALID_VARIABLES', e.message);
        throw e;
      }
      switch (queryName) {
        case 'voyagerSearchDashClusters':
          return answerSearch(ctx, reply, member, variables);
        case 'voyagerSocialDashReactions':
          return answerReactions(ctx, reply, member, variables);
        case 'voyagerSocialDashComments':
          return answerComments(ctx, reply, member, variables);
        case 'voyagerGroupsDashGroupMemberships':
          return answerGroupMembers(ctx, reply, variables);
        default:
          return sendError(reply, 400, 'UNKNOWN_QUERY_ID');
      }
    }),
  );
};
