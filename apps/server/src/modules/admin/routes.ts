import { CALLS, ZErrorBody } from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
import { callRoute } from '../../http/call-route';
import { adjustCredits } from './adjust-credits';
import { aiUsageByUserAndMonth } from './ai-usage';
import { creditHistory } from './credit-history';
import { createCreditPack, listCreditPacks, updateCreditPack } from './credit-packs';
import { listPlans, updatePlan } from './plans';
import { setUserPlan } from './set-user-plan';
import { listUsers, setUserActive } from './users';

const admin = { access: 'admin' as const };
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...callRoute(CALLS.getAdminUsers, {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Accounts, newest first (page is zero-based)',
          response: { ...errors },
        },
      }),
      handler: (request) => listUsers(deps, request.query),
    });
    app.route({
      ...callRoute(CALLS.setUserActive, {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Activate or deactivate an account',
          response: { 404: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => setUserActive(deps, callerOf(request).user.id, request.body),
    });
    app.route({
      ...callRoute(CALLS.setAdminUserPlan, {
        config: admin,
        schema: {
          tags: ['admin'],
          summary:
            "Give an account a plan by hand (no Stripe subscription; limits count per UTC month). 409 while the account's Stripe subscription is live",
          response: { 404: ZErrorBody, 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => setUserPlan(deps, request.params.id, request.body.subscription_type),
    });
    app.route({
      ...callRoute(CALLS.getAdminUserCredits, {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: "An account's credit ledger, newest first (page is zero-based), and its balance",
          response: { 404: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => creditHistory(deps, request.params.id, request.query),
    });
    app.route({
      ...callRoute(CALLS.adjustAdminUserCredits, {
        config: admin,
        schema: {
          tags: ['admin'],
          summary:
            'Grant (amount > 0) or remove (amount < 0) credits with a reason; 409 when removing more than the balance',
          response: { 404: ZErrorBody, 409: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => adjustCredits(deps, callerOf(request).user.id, request.params.id, request.body),
    });
    app.route({
      ...callRoute(CALLS.getAdminAiUsage, {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Model use per user and calendar month (UTC): requests and tokens, from ai_usage',
          description:
            'One month (month=YYYY-MM) or the last 12; one account with user_id. Heaviest users of each month ' +
            'first, at most 500 rows (truncated says when more matched).',
          response: { ...errors },
        },
      }),
      handler: (request) => aiUsageByUserAndMonth(deps, request.query),
    });
    app.route({
      ...callRoute(CALLS.getAdminPlans, {
        config: admin,
        schema: { tags: ['admin'], summary: 'Every plan, inactive ones too', response: { ...errors } },
      }),
      handler: () => listPlans(deps),
    });
    app.route({
      ...callRoute(CALLS.updateAdminPlan, {
        config: admin,
        schema: {
          tags: ['admin'],
          summary:
            "Edit a plan (applies to the next checkout and the next limit check; the free plan's prices stay 0)",
          response: { 404: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => updatePlan(deps, request.params.id, request.body),
    });
    app.route({
      ...callRoute(CALLS.getAdminCreditPacks, {
        config: admin,
        schema: { tags: ['admin'], summary: 'Every credit pack, inactive ones too', response: { ...errors } },
      }),
      handler: () => listCreditPacks(deps),
    });
    app.route({
      ...callRoute(CALLS.createAdminCreditPack, {
        config: admin,
        schema: { tags: ['admin'], summary: 'Add a credit pack', response: { ...errors } },
      }),
      handler: (request) => createCreditPack(deps, request.body),
    });
    app.route({
      ...callRoute(CALLS.updateAdminCreditPack, {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Edit a credit pack; packs are never deleted (active: false stops selling one)',
          response: { 404: ZErrorBody, ...errors },
        },
      }),
      handler: (request) => updateCreditPack(deps, request.params.id, request.body),
    });
  };
