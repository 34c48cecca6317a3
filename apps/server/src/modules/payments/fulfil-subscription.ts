import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/open-database';
import { plans, subscriptions, users } from '../../db/schema';
import { HOLDING_STATUSES } from '../plan-limits/plan-allowance';
import { userIdOfCustomer } from './billing-customer';
import { type EventHandler, eventTimeOf } from './fulfilment';
import { idOf, subscriptionIntervalOf, subscriptionPeriodOf } from './stripe-objects';

/** The account a Stripe object belongs to: our metadata when it names a known account, else its customer. */
export const userIdFor = async (
  tx: DbOrTx,
  metadataUserId: string | undefined,
  customerId: string | null,
): Promise<string | null> => {
  if (metadataUserId && /^[0-9a-f-]{36}$/i.test(metadataUserId)) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, metadataUserId));
    if (user) return user.id;
  }
  return customerId ? userIdOfCustomer(tx, customerId) : null;
};

/**
 * users.subscription_type follows the account's subscriptions: the tier of the plan of one that still
 * holds (active, trialing, past_due; the highest plan if several), else the free plan's tier. Called only
 * for accounts with a subscription event, so an account given Premium without paying keeps it.
 */
export const syncTier = async (tx: DbOrTx, userId: string): Promise<void> => {
  const [held] = await tx
    .select({ tier: plans.tier })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...HOLDING_STATUSES])))
    .orderBy(desc(plans.sortOrder))
    .limit(1);
  const [free] = held
    ? [held]
    : await tx
        .select({ tier: plans.tier })
        .from(plans)
        .where(and(eq(plans.monthlyPriceCents, 0), eq(plans.annualPriceCents, 0)))
        .orderBy(asc(plans.sortOrder))
        .limit(1);
  const tier = free?.tier ?? 'Basic';
  await tx
    .update(users)
    .set({ subscriptionType: tier })
    .where(and(eq(users.id, userId), ne(users.subscriptionType, tier)));
};

/**
 * Writes a subscription as Stripe described it at `describedAt` (the event's `created`). A row already
 * written from a newer event is left as it is: events arrive in any order, and an older one must not
 * undo a newer state. Answers the account when the row was written (its tier is then synced), else null.
 */
export const upsertSubscription = async (
  tx: DbOrTx,
  subscription: Stripe.Subscription,
  describedAt: Date,
): Promise<string | null> => {
  const customerId = idOf(subscription.customer);
  const [known] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscription.id));
  const userId = known?.userId ?? (await userIdFor(tx, subscription.metadata?.user_id, customerId));
  const planId = subscription.metadata?.plan_id ?? known?.planId;
  const [plan] = planId ? await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)) : [];
  const interval = subscriptionIntervalOf(subscription) ?? known?.interval ?? null;
  const period =
    subscriptionPeriodOf(subscription) ??
    (known ? { start: known.currentPeriodStart, end: known.currentPeriodEnd } : null);
  // Not one of ours (made outside the app, or for a plan that no longer exists): nothing to follow.
  if (!userId || !plan || !interval || !period || !customerId) return null;
  const values = {
    userId,
    planId: plan.id,
    interval,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: customerId,
    status: subscription.status,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    cancelAtPeriodEnd:
      subscription.cancel_at_period_end ||
      (subscription.cancel_at !== null && subscription.cancel_at !== undefined),
    stripeUpdatedAt: describedAt,
    updatedAt: new Date(),
  };
  const written = await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.stripeSubscriptionId,
      set: {
        planId: values.planId,
        interval: values.interval,
        status: values.status,
        currentPeriodStart: values.currentPeriodStart,
        currentPeriodEnd: values.currentPeriodEnd,
        cancelAtPeriodEnd: values.cancelAtPeriodEnd,
        stripeUpdatedAt: values.stripeUpdatedAt,
        updatedAt: values.updatedAt,
      },
      // Equal times (Stripe's clock counts seconds): the later delivery wins.
      setWhere: sql`${subscriptions.stripeUpdatedAt} <= ${describedAt.toISOString()}::timestamptz`,
    })
    .returning({ userId: subscriptions.userId });
  return written[0]?.userId ?? null;
};

/** customer.subscription.created / updated / deleted: the subscription's new state, then the tier. */
export const subscriptionChanged: EventHandler = {
  apply: async (tx, _deps, event) => {
    const subscription = event.data.object as Stripe.Subscription;
    const userId = await upsertSubscription(tx, subscription, eventTimeOf(event));
    if (userId) await syncTier(tx, userId);
    return [];
  },
};
