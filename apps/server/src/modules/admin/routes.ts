import {
  ZAdminUserParams,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZErrorBody,
  ZMessageResponse,
  ZSetUserActiveRequest,
  ZSetUserPlanRequest,
  ZSetUserPlanResponse,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { setUserPlan } from './set-user-plan';
import { listUsers, setUserActive } from './users';

const admin = { access: 'admin' as const };
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/users',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Accounts, newest first (page is zero-based)',
          querystring: ZAdminUsersQuery,
          response: { 200: ZAdminUsersResponse, ...errors },
        },
      },
      (request) => listUsers(deps, request.query),
    );
    app.put(
      '/admin/set_user_active',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Activate or deactivate an account',
          body: ZSetUserActiveRequest,
          response: { 200: ZMessageResponse, 404: ZErrorBody, ...errors },
        },
      },
      (request) => setUserActive(deps, callerOf(request).user.id, request.body),
    );
    app.put(
      '/admin/users/:id/plan',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary:
            "Give an account a plan by hand (no Stripe subscription; limits count per UTC month). 409 while the account's Stripe subscription is live",
          params: ZAdminUserParams,
          body: ZSetUserPlanRequest,
          response: { 200: ZSetUserPlanResponse, 404: ZErrorBody, 409: ZErrorBody, ...errors },
        },
      },
      (request) => setUserPlan(deps, request.params.id, request.body.subscription_type),
    );
  };
