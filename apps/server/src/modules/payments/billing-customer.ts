import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { billingCustomers } from '../../db/schema';
import type { Payments } from '../../lib/clients/payments/create-payments';
import { isStripeError } from '../../lib/clients/payments/stripe-sdk';

export const customerIdOf = async (db: DbOrTx, userId: string): Promise<string | null> => {
  const [row] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.id ?? null;
};

/** The account whose Stripe customer this is (webhooks without our metadata). */
export const userIdOfCustomer = async (db: DbOrTx, customerId: string): Promise<string | null> => {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customerId));
  return row?.userId ?? null;
};

/**
 * Whether a Stripe customer can still be used: one deleted in Stripe (the Dashboard, support) is answered
 * `deleted: true`, or `resource_missing` once Stripe has forgotten it, and any session naming it fails.
 */
const customerLives = async (payments: Payments, customerId: string): Promise<boolean> => {
  try {
    const customer = await (await payments.stripe()).customers.retrieve(customerId);
    return !('deleted' in customer && customer.deleted);
  } catch (error) {
    if (isStripeError(error) && error.code === 'resource_missing') return false;
    throw error;
  }
};

/**
 * The account's Stripe customer, made at its first checkout and reused after (the portal shows every
 * purchase of one customer). Two first checkouts at once send one idempotency key, so Stripe makes one
 * customer, and the second insert finds the first's row. A customer deleted in Stripe is replaced by a new
 * one (its own idempotency key, naming the one it replaces, so two checkouts at once still make one), and
 * the account's row points at the new one.
 */
export const ensureCustomer = async (
  db: DbOrTx,
  payments: Payments,
  user: { id: string; email: string },
): Promise<string> => {
  const known = await customerIdOf(db, user.id);
  if (known && (await customerLives(payments, known))) return known;
  const customer = await (await payments.stripe()).customers.create(
    { email: user.email, metadata: { user_id: user.id } },
    { idempotencyKey: known ? `customer-${user.id}-replaces-${known}` : `customer-${user.id}` },
  );
  if (known) {
    await db
      .update(billingCustomers)
      .set({ stripeCustomerId: customer.id })
      .where(and(eq(billingCustomers.userId, user.id), eq(billingCustomers.stripeCustomerId, known)));
  } else {
    await db
      .insert(billingCustomers)
      .values({ userId: user.id, stripeCustomerId: customer.id })
      .onConflictDoNothing();
  }
  return (await customerIdOf(db, user.id)) ?? customer.id;
};
