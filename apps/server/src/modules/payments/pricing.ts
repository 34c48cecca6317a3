import type { TBillingInterval, TPricedPlan, TPricingResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema';
import { creditBalance } from '../credits/credit-balance';
import { customerIdOf } from './billing-customer';
import {
  activeCreditPacks,
  activePlans,
  creditsOf,
  holdingSubscriptionOf,
  limitsOf,
  type PlanRow,
  planById,
  priceOf,
} from './plan-catalogue';

/**
 * GET /api/pricing: the active plans at each interval (spec §3 pricing: monthlyPlans, annualPlans), the
 * credit packs, and where the caller stands. "Current" is the subscription's plan and interval for an
 * account paying for one, else the plan of the account's tier at both intervals (Basic, or an account
 * given Premium without paying).
 */
export const pricingOf = async (deps: Pick<AppDeps, 'db'>, userId: string): Promise<TPricingResponse> =>
  deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ tier: users.subscriptionType }).from(users).where(eq(users.id, userId));
    const tier = user?.tier ?? 'Basic';
    const [plans, packs, credits, subscription, customer] = [
      await activePlans(tx),
      await activeCreditPacks(tx),
      await creditBalance(tx, userId),
      await holdingSubscriptionOf(tx, userId),
      await customerIdOf(tx, userId),
    ];
    const isCurrent = (plan: PlanRow, interval: TBillingInterval): boolean =>
      subscription
        ? subscription.planId === plan.id && subscription.interval === interval
        : plan.tier === tier;
    const priced = (interval: TBillingInterval) =>
      plans.map(
        (plan): TPricedPlan => ({
          id: plan.id,
          tier: plan.tier,
          name: plan.name,
          description: plan.description,
          interval,
          price_cents: priceOf(plan, interval),
          currency: plan.currency,
          credits: creditsOf(plan, interval),
          limits: limitsOf(plan),
          ai_requests_per_month: plan.aiRequestsPerMonth,
          current: isCurrent(plan, interval),
        }),
      );
    const subscribedPlan = subscription ? await planById(tx, subscription.planId) : null;
    return {
      monthlyPlans: priced('month'),
      annualPlans: priced('year'),
      creditPacks: packs.map((pack) => ({
        id: pack.id,
        name: pack.name,
        credits: pack.credits,
        price_cents: pack.priceCents,
        currency: pack.currency,
      })),
      subscription_type: tier,
      credits,
      subscription:
        subscription && subscribedPlan
          ? {
              plan_id: subscription.planId,
              tier: subscribedPlan.tier,
              interval: subscription.interval,
              status: subscription.status,
              current_period_end: subscription.currentPeriodEnd.toISOString(),
              cancel_at_period_end: subscription.cancelAtPeriodEnd,
            }
          : null,
      // Without a subscription too: the portal's history holds the credit packs bought.
      has_billing_account: customer !== null,
    };
  });
