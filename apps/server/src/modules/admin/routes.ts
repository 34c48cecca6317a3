import {
  ZAdjustCreditsRequest,
  ZAdjustCreditsResponse,
  ZAdminAiUsageQuery,
  ZAdminAiUsageResponse,
  ZAdminCreditPack,
  ZAdminCreditPackParams,
  ZAdminCreditPacksResponse,
  ZAdminPlan,
  ZAdminPlanParams,
  ZAdminPlansResponse,
  ZAdminUserParams,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZCreditLedgerQuery,
  ZCreditLedgerResponse,
  ZCreditPackRequest,
  ZErrorBody,
  ZMessageResponse,
  ZSetUserActiveRequest,
  ZSetUserPlanRequest,
  ZSetUserPlanResponse,
  ZUpdatePlanRequest,
} from '@sales-assist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { callerOf } from '../../http/authenticate';
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
    app.get(
      '/admin/users/:id/credits',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: "An account's credit ledger, newest first (page is zero-based), and its balance",
          params: ZAdminUserParams,
          querystring: ZCreditLedgerQuery,
          response: { 200: ZCreditLedgerResponse, 404: ZErrorBody, ...errors },
        },
      },
      (request) => creditHistory(deps, request.params.id, request.query),
    );
    app.post(
      '/admin/users/:id/credits',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary:
            'Grant (amount > 0) or remove (amount < 0) credits with a reason; 409 when removing more than the balance',
          params: ZAdminUserParams,
          body: ZAdjustCreditsRequest,
          response: { 200: ZAdjustCreditsResponse, 404: ZErrorBody, 409: ZErrorBody, ...errors },
        },
      },
      (request) => adjustCredits(deps, callerOf(request).user.id, request.params.id, request.body),
    );
    app.get(
      '/admin/ai-usage',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Model use per user and calendar month (UTC): requests and tokens, from ai_usage',
          description:
            'One month (month=YYYY-MM) or the last 12; one account with user_id. Heaviest users of each month ' +
            'first, at most 500 rows (truncated says when more matched).',
          querystring: ZAdminAiUsageQuery,
          response: { 200: ZAdminAiUsageResponse, ...errors },
        },
      },
      (request) => aiUsageByUserAndMonth(deps, request.query),
    );
    app.get(
      '/admin/plans',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Every plan, inactive ones too',
          response: { 200: ZAdminPlansResponse, ...errors },
        },
      },
      () => listPlans(deps),
    );
    app.put(
      '/admin/plans/:id',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary:
            "Edit a plan (applies to the next checkout and the next limit check; the free plan's prices stay 0)",
          params: ZAdminPlanParams,
          body: ZUpdatePlanRequest,
          response: { 200: ZAdminPlan, 404: ZErrorBody, ...errors },
        },
      },
      (request) => updatePlan(deps, request.params.id, request.body),
    );
    app.get(
      '/admin/credit-packs',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Every credit pack, inactive ones too',
          response: { 200: ZAdminCreditPacksResponse, ...errors },
        },
      },
      () => listCreditPacks(deps),
    );
    app.post(
      '/admin/credit-packs',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Add a credit pack',
          body: ZCreditPackRequest,
          response: { 200: ZAdminCreditPack, ...errors },
        },
      },
      (request) => createCreditPack(deps, request.body),
    );
    app.put(
      '/admin/credit-packs/:id',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Edit a credit pack; packs are never deleted (active: false stops selling one)',
          params: ZAdminCreditPackParams,
          body: ZCreditPackRequest,
          response: { 200: ZAdminCreditPack, 404: ZErrorBody, ...errors },
        },
      },
      (request) => updateCreditPack(deps, request.params.id, request.body),
    );
  };
