import type { TSetUserPlanResponse } from '@sales-assist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { subscriptions, users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { HOLDING_STATUSES } from '../plan-limits/plan-allowance';

export const PAID_THROUGH_STRIPE =
  'This account pays for its plan through Stripe: it switches plan on the Pricing screen or cancels in the billing portal, not here';

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
    // A subscription webhook landing meanwhile writes the tier after this one (its update of the row waits
    // for this lock), so a subscription that just started still decides the plan.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('User not found');
    const [live] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...HOLDING_STATUSES])))
      .limit(1);
    if (live) throw conflict(PAID_THROUGH_STRIPE);
    await tx.update(users).set({ subscriptionType, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
  });
  // Cached callers carry the plan: the next request must see the new one.
  deps.callers.forgetUser(userId);
  return { message: 'Updated', subscription_type: subscriptionType };
};
