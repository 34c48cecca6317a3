import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/open-database';
import { plans, subscriptions, users } from '../../db/schema';
import { HOLDING_STATUSES } from '../plan-limits/plan-allowance';
import { userIdOfCustomer } from './billing-customer';
import type { EventHandler, FulfilDeps } from './fulfilment';
import { type Current, eventObjectId, readCurrent } from './stripe-current';
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
 * Writes a subscription as Stripe answered it at `describedAt` (when it was read: stripe-current.ts). A
 * row already written from a later read is left as it is: two events handled at once may read Stripe in
 * one order and commit in the other, and the older answer must not undo the newer one. Answers the
 * account when the row was written (its tier is then synced), else null.
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
      // Equal times: the later write wins.
      setWhere: sql`${subscriptions.stripeUpdatedAt} <= ${describedAt.toISOString()}::timestamptz`,
    })
    .returning({ userId: subscriptions.userId });
  return written[0]?.userId ?? null;
};

/** Stripe's current state of a subscription, read with the pinned API version. */
export const currentSubscription = (
  deps: FulfilDeps,
  subscriptionId: string | null,
): Promise<Current<Stripe.Subscription> | null> =>
  subscriptionId
    ? readCurrent(async () => (await deps.payments.stripe()).subscriptions.retrieve(subscriptionId))
    : Promise.resolve(null);

/** Writes the subscription as Stripe holds it now, then the account's tier. */
export const applySubscription = async (
  tx: DbOrTx,
  current: Current<Stripe.Subscription> | null,
): Promise<string | null> => {
  if (!current) return null;
  const userId = await upsertSubscription(tx, current.object, current.readAt);
  if (userId) await syncTier(tx, userId);
  return userId;
};

/**
 * customer.subscription.created / updated / deleted: the event only says the subscription changed. Its
 * state is read from Stripe, so neither the payload's API version nor the order of delivery matters: a
 * `created` (incomplete) handled after the `updated` (active) of the same second reads active.
 */
export const subscriptionChanged: EventHandler<Current<Stripe.Subscription> | null> = {
  prepare: (deps, event) => currentSubscription(deps, eventObjectId(event)),
  apply: async (tx, _deps, _event, current) => {
    await applySubscription(tx, current);
    return [];
  },
};
