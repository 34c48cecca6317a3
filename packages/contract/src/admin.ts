import { ZAiRequestsPerMonth } from './ai-budget';
import { ZSubscriptionType } from './common';
import { z } from './messages';
import { ZPlanLimits } from './payments';

export const ZAdminUsersQuery = z.object({
  page: z.coerce.number().int().min(0).default(0).describe('zero-based'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  query: z
    .string()
    .trim()
    .max(254)
    .default('')
    .describe('any part of the e-mail address, in any letter case'),
});

export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
  subscription_type: ZSubscriptionType,
  credits: z.number().int(),
  created_at: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUsersResponse = z.object({ users: z.array(ZAdminUser), total: z.number().int() });
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

export const ZSetUserActiveRequest = z.object({ id: z.uuid('id is not valid'), is_active: z.boolean() });
export type TSetUserActiveRequest = z.input<typeof ZSetUserActiveRequest>;

/** The account an admin call is about (a path parameter). */
export const ZAdminUserParams = z.object({ id: z.uuid('id is not valid') });

export const ZSetUserPlanRequest = z.object({ subscription_type: ZSubscriptionType });
export type TSetUserPlanRequest = z.input<typeof ZSetUserPlanRequest>;
export const ZSetUserPlanResponse = z.object({ message: z.string(), subscription_type: ZSubscriptionType });
export type TSetUserPlanResponse = z.infer<typeof ZSetUserPlanResponse>;

/** The admin's plan and credit screens' texts, shared by the server's refusals and the web's checks. */
export const ADMIN_BILLING_MESSAGES = {
  updated: 'Updated',
  invalidNumber: 'Please enter valid number',
  userNotFound: 'User not found',
  planNotFound: 'Plan not found',
  packNotFound: 'Credit pack not found',
  freePlanPrices: "The free plan's prices stay $0: it is every account's plan without a subscription",
  freePlanCredits: 'The free plan is never paid for, so it gives no monthly credits',
  freePlanActive: "The free plan cannot be deactivated: it is every account's plan without a subscription",
  minimumCharge: 'A price is at least $0.50 (the smallest charge Stripe accepts)',
  notEnoughToRemove: (balance: number) =>
    `This account has ${balance.toLocaleString('en')} credits: you can remove at most that many`,
} as const;

/** Stripe's smallest charge in US dollars, in cents. */
export const MINIMUM_CHARGE_CENTS = 50;
/** Upper bounds that keep a typo from charging (or granting) absurd amounts. */
export const MAXIMUM_PRICE_CENTS = 10_000_000;
export const MAXIMUM_CREDITS = 1_000_000;

const cents = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be whole cents`)
    .min(0, `${what} cannot be negative`)
    .max(MAXIMUM_PRICE_CENTS, `${what} is at most $${(MAXIMUM_PRICE_CENTS / 100).toLocaleString('en')}`);

/** A plan as the admin's editor shows it (inactive plans too). */
export const ZAdminPlan = z.object({
  id: z.string(),
  tier: ZSubscriptionType,
  name: z.string(),
  description: z.string(),
  limits: ZPlanLimits,
  monthly_price_cents: z.number().int(),
  annual_price_cents: z.number().int(),
  currency: z.string(),
  monthly_credits: z.number().int(),
  /** Model-backed requests a period (docs/decisions/content-writing.md, "Model budget"); null: unlimited. */
  ai_requests_per_month: z.number().int().nullable(),
  active: z.boolean(),
  /** The free plan (Basic): every account's plan without a subscription, never checked out. */
  free: z.boolean(),
  updated_at: z.string(),
});
export type TAdminPlan = z.infer<typeof ZAdminPlan>;

export const ZAdminPlansResponse = z.object({ plans: z.array(ZAdminPlan) });
export type TAdminPlansResponse = z.infer<typeof ZAdminPlansResponse>;

export const ZAdminPlanParams = z.object({ id: z.string().min(1).max(64) });

/** PUT /api/admin/plans/{id}: the whole editable plan (its tier and id never change). */
export const ZUpdatePlanRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name is at most 60 characters'),
  description: z.string().trim().max(300, 'Description is at most 300 characters'),
  limits: ZPlanLimits,
  monthly_price_cents: cents('Monthly price'),
  annual_price_cents: cents('Annual price'),
  monthly_credits: z
    .number({ error: 'Credits per month must be a number' })
    .int('Credits per month must be a whole number')
    .min(0, 'Credits per month cannot be negative')
    .max(MAXIMUM_CREDITS, `Credits per month are at most ${MAXIMUM_CREDITS.toLocaleString('en')}`),
  /** Unset: the plan keeps its allowance (clients older than the allowance send none); null: unlimited. */
  ai_requests_per_month: ZAiRequestsPerMonth.optional(),
  active: z.boolean(),
});
export type TUpdatePlanRequest = z.input<typeof ZUpdatePlanRequest>;

/** A credit pack as the admin sees it (inactive packs too: checkout sessions keep pointing at them). */
export const ZAdminCreditPack = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int(),
  price_cents: z.number().int(),
  currency: z.string(),
  active: z.boolean(),
  updated_at: z.string(),
});
export type TAdminCreditPack = z.infer<typeof ZAdminCreditPack>;

export const ZAdminCreditPacksResponse = z.object({ packs: z.array(ZAdminCreditPack) });
export type TAdminCreditPacksResponse = z.infer<typeof ZAdminCreditPacksResponse>;

export const ZAdminCreditPackParams = z.object({ id: z.string().min(1).max(64) });

/** POST (new, active unless said) and PUT (whole pack) /api/admin/credit-packs. No delete: deactivate. */
export const ZCreditPackRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name is at most 60 characters'),
  credits: z
    .number({ error: 'Credits must be a number' })
    .int('Credits must be a whole number')
    .min(1, 'Credits must be more than 0')
    .max(MAXIMUM_CREDITS, `Credits are at most ${MAXIMUM_CREDITS.toLocaleString('en')}`),
  price_cents: cents('Price').min(MINIMUM_CHARGE_CENTS, ADMIN_BILLING_MESSAGES.minimumCharge),
  active: z.boolean().default(true),
});
export type TCreditPackRequest = z.input<typeof ZCreditPackRequest>;

/** POST /api/admin/users/{id}/credits: grant (positive) or remove (negative) credits, with the reason why. */
export const ZAdjustCreditsRequest = z.object({
  amount: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be a whole number of credits')
    .min(-MAXIMUM_CREDITS, `Amount is at least -${MAXIMUM_CREDITS.toLocaleString('en')}`)
    .max(MAXIMUM_CREDITS, `Amount is at most ${MAXIMUM_CREDITS.toLocaleString('en')}`)
    .refine((amount) => amount !== 0, 'Amount cannot be 0'),
  reason: z.string().trim().min(1, 'Reason is required').max(200, 'Reason is at most 200 characters'),
});
export type TAdjustCreditsRequest = z.input<typeof ZAdjustCreditsRequest>;

export const ZAdjustCreditsResponse = z.object({ message: z.string(), credits: z.number().int() });
export type TAdjustCreditsResponse = z.infer<typeof ZAdjustCreditsResponse>;

/** Ledger reason of an admin's grant or removal. */
export const ADMIN_ADJUSTMENT_REASON = 'admin_adjustment';

export const ZCreditLedgerQuery = z.object({
  page: z.coerce.number().int().min(0).default(0).describe('zero-based'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const ZCreditLedgerEntry = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  /** signup_grant, campaign, admin_adjustment, and the payments' reasons. */
  reason: z.string(),
  /** The admin's reason, for an adjustment. */
  note: z.string().nullable(),
  /** The admin who made an adjustment (null when that account is gone). */
  actor_email: z.string().nullable(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type TCreditLedgerEntry = z.infer<typeof ZCreditLedgerEntry>;

export const ZCreditLedgerResponse = z.object({
  entries: z.array(ZCreditLedgerEntry),
  total: z.number().int(),
  balance: z.number().int(),
});
export type TCreditLedgerResponse = z.infer<typeof ZCreditLedgerResponse>;
