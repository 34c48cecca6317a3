import type { TSetUserPlanResponse } from '@sales-assist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { subscriptions, users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

/** Stripe statuses under which a subscription still decides the account's plan. */
const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'];

export const PAID_THROUGH_STRIPE =
  'This account pays for its plan through Stripe: change or cancel it in the billing portal, not here';

/**
 * An admin-given plan: users.subscription_type is set directly, with no Stripe subscription behind it,
 * so its limits count per UTC month. An account whose Stripe subscription is live is refused (409):
 * otherwise the admin's choice would hold only until the next subscription webhook silently undid it.
 */
export const setUserPlan = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'callers'>,
  userId: string,
  subscriptionType: 'Basic' | 'Premium',
): Promise<TSetUserPlanResponse> => {
  await deps.db.transaction(async (tx) => {
    // The row lock orders this against a webhook writing the same account's plan.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('User not found');
    const [live] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES)))
      .limit(1);
    if (live) throw conflict(PAID_THROUGH_STRIPE);
    await tx.update(users).set({ subscriptionType, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
  });
  // Cached callers carry the plan: the next request must see the new one.
  deps.callers.forgetUser(userId);
  return { message: 'Updated', subscription_type: subscriptionType };
};
