import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { billingCustomers } from '../../db/schema';
import type { Payments } from '../../lib/payments/create-payments';

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
 * The account's Stripe customer, made at its first checkout and reused after (the portal shows every
 * purchase of one customer). Two first checkouts at once send one idempotency key, so Stripe makes one
 * customer, and the second insert finds the first's row.
 */
export const ensureCustomer = async (
  db: DbOrTx,
  payments: Payments,
  user: { id: string; email: string },
): Promise<string> => {
  const known = await customerIdOf(db, user.id);
  if (known) return known;
  const customer = await payments.stripe.customers.create(
    { email: user.email, metadata: { user_id: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  await db
    .insert(billingCustomers)
    .values({ userId: user.id, stripeCustomerId: customer.id })
    .onConflictDoNothing();
  return (await customerIdOf(db, user.id)) ?? customer.id;
};
