import {
  ADMIN_BILLING_MESSAGES,
  MINIMUM_CHARGE_CENTS,
  type TAdminPlan,
  type TAdminPlansResponse,
  type TUpdatePlanRequest,
} from '@sales-assist/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { plans } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';

type PlanRow = typeof plans.$inferSelect;

/** Basic is the free plan: every account's plan without a paid subscription, never checked out. */
const isFreePlan = (plan: Pick<PlanRow, 'tier'>): boolean => plan.tier === 'Basic';

const toAdminPlan = (plan: PlanRow): TAdminPlan => ({
  id: plan.id,
  tier: plan.tier,
  name: plan.name,
  description: plan.description,
  limits: plan.limits,
  monthly_price_cents: plan.monthlyPriceCents,
  annual_price_cents: plan.annualPriceCents,
  currency: plan.currency,
  monthly_credits: plan.monthlyCredits,
  ai_requests_per_month: plan.aiRequestsPerMonth,
  active: plan.active,
  free: isFreePlan(plan),
  updated_at: plan.updatedAt.toISOString(),
});

/** Every plan, inactive ones too, in the Pricing screen's order. */
export const listPlans = async (deps: Pick<AppDeps, 'db'>): Promise<TAdminPlansResponse> => {
  const rows = await deps.db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
  return { plans: rows.map(toAdminPlan) };
};

const invalid = (message: string): AppError => new AppError(400, 'validation_error', message);

/**
 * The free plan stays free (its prices 0, no monthly credits, always active); a paid plan's prices are at
 * least Stripe's smallest charge, or its checkout could never be paid.
 */
type PlanEdit = Required<Omit<TUpdatePlanRequest, 'ai_requests_per_month'>> &
  Pick<TUpdatePlanRequest, 'ai_requests_per_month'>;

const checkPlanRules = (plan: PlanRow, input: PlanEdit): void => {
  if (isFreePlan(plan)) {
    if (input.monthly_price_cents !== 0 || input.annual_price_cents !== 0) {
      throw invalid(ADMIN_BILLING_MESSAGES.freePlanPrices);
    }
    if (input.monthly_credits !== 0) throw invalid(ADMIN_BILLING_MESSAGES.freePlanCredits);
    if (!input.active) throw invalid(ADMIN_BILLING_MESSAGES.freePlanActive);
    return;
  }
  if (input.monthly_price_cents < MINIMUM_CHARGE_CENTS || input.annual_price_cents < MINIMUM_CHARGE_CENTS) {
    throw invalid(ADMIN_BILLING_MESSAGES.minimumCharge);
  }
};

/**
 * Replaces a plan's editable fields. Checkout prices plans inline from this row and the limit checks read
 * it in their own transaction, so the next checkout and the next limit check use the new values; running
 * Stripe subscriptions keep the price they were bought at.
 */
export const updatePlan = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  id: string,
  input: PlanEdit,
): Promise<TAdminPlan> => {
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, id));
  if (!plan) throw notFound(ADMIN_BILLING_MESSAGES.planNotFound);
  checkPlanRules(plan, input);
  const [updated] = await deps.db
    .update(plans)
    .set({
      name: input.name,
      description: input.description,
      limits: input.limits,
      monthlyPriceCents: input.monthly_price_cents,
      annualPriceCents: input.annual_price_cents,
      monthlyCredits: input.monthly_credits,
      // Absent (an older client): the allowance stays; the limit checks read it on the next request.
      ...(input.ai_requests_per_month !== undefined
        ? { aiRequestsPerMonth: input.ai_requests_per_month }
        : {}),
      active: input.active,
      updatedAt: deps.clock.now(),
    })
    .where(eq(plans.id, id))
    .returning();
  if (!updated) throw notFound(ADMIN_BILLING_MESSAGES.planNotFound);
  return toAdminPlan(updated);
};
