import {
  ZAdjustCreditsRequest,
  ZAdjustCreditsResponse,
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
  ZSetUserActiveRequest,
  ZSetUserPlanRequest,
  ZSetUserPlanResponse,
  ZUpdatePlanRequest,
} from '../admin';
import { ZAdminAiUsageQuery, ZAdminAiUsageResponse } from '../ai-budget';
import { ZMessageResponse } from '../common';
import { call } from './call';

/** The admin calls. */
export const adminCalls = {
  getAdminUsers: call({
    method: 'GET',
    path: '/api/admin/users',
    query: ZAdminUsersQuery,
    response: ZAdminUsersResponse,
  }),
  setUserActive: call({
    method: 'PUT',
    path: '/api/admin/set_user_active',
    body: ZSetUserActiveRequest,
    response: ZMessageResponse,
  }),
  setAdminUserPlan: call({
    method: 'PUT',
    path: '/api/admin/users/:id/plan',
    params: ZAdminUserParams,
    body: ZSetUserPlanRequest,
    response: ZSetUserPlanResponse,
  }),
  getAdminUserCredits: call({
    method: 'GET',
    path: '/api/admin/users/:id/credits',
    params: ZAdminUserParams,
    query: ZCreditLedgerQuery,
    response: ZCreditLedgerResponse,
  }),
  adjustAdminUserCredits: call({
    method: 'POST',
    path: '/api/admin/users/:id/credits',
    params: ZAdminUserParams,
    body: ZAdjustCreditsRequest,
    response: ZAdjustCreditsResponse,
  }),
  getAdminAiUsage: call({
    method: 'GET',
    path: '/api/admin/ai-usage',
    query: ZAdminAiUsageQuery,
    response: ZAdminAiUsageResponse,
  }),
  getAdminPlans: call({ method: 'GET', path: '/api/admin/plans', response: ZAdminPlansResponse }),
  updateAdminPlan: call({
    method: 'PUT',
    path: '/api/admin/plans/:id',
    params: ZAdminPlanParams,
    body: ZUpdatePlanRequest,
    response: ZAdminPlan,
  }),
  getAdminCreditPacks: call({
    method: 'GET',
    path: '/api/admin/credit-packs',
    response: ZAdminCreditPacksResponse,
  }),
  createAdminCreditPack: call({
    method: 'POST',
    path: '/api/admin/credit-packs',
    body: ZCreditPackRequest,
    response: ZAdminCreditPack,
  }),
  updateAdminCreditPack: call({
    method: 'PUT',
    path: '/api/admin/credit-packs/:id',
    params: ZAdminCreditPackParams,
    body: ZCreditPackRequest,
    response: ZAdminCreditPack,
  }),
};
