import {
  PAYMENT_MESSAGES,
  type TCheckoutSessionResponse,
  type TSessionStatusResponse,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { checkoutSessions, creditLedger, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { stripeCall } from '../../lib/clients/payments/stripe-call';
import { creditBalance } from '../credits/credit-balance';

type Deps = Pick<AppDeps, 'db' | 'payments'>;
type CheckoutRow = typeof checkoutSessions.$inferSelect;

/** The caller's own session row; another account's id and an unknown one are the same 404. */
const ownSession = async (deps: Deps, userId: string, sessionId: string): Promise<CheckoutRow> => {
  const [row] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)));
  if (!row) throw notFound(PAYMENT_MESSAGES.sessionNotFound);
  return row;
};

const STATUSES = ['open', 'complete', 'expired'] as const;
const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const;
const statusOf = (session: Stripe.Checkout.Session, row: CheckoutRow): TCheckoutSessionResponse['status'] =>
  STATUSES.find((status) => status === session.status) ?? row.status;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** GET /api/checkout/{id}: what the embedded Checkout needs to mount, for the session's owner only. */
export const checkoutSessionOf = async (
  deps: Deps,
  userId: string,
  sessionId: string,
): Promise<TCheckoutSessionResponse> => {
  const row = await ownSession(deps, userId, sessionId);
  const session = await stripeCall(
    async () => (await deps.payments.stripe()).checkout.sessions.retrieve(row.id),
    PAYMENT_MESSAGES.sessionNotFound,
  );
  return {
    id: row.id,
    client_secret: session.client_secret ?? '',
    publishable_key: deps.payments.publishableKey,
    script_url: deps.payments.scriptUrl,
    status: statusOf(session, row),
    description: row.description,
    amount_cents: row.amountCents,
    currency: row.currency,
  };
};

/**
 * GET /api/session-status (spec §7): Stripe's word on the payment, and ours on what it gave. A plan's
 * credits come with its first invoice (invoice.paid), so the purchase counts as fulfilled once both the
 * session and that invoice are handled; a credit pack, once the session is.
 */
export const sessionStatusOf = async (
  deps: Deps,
  userId: string,
  sessionId: string,
): Promise<TSessionStatusResponse> => {
  const row = await ownSession(deps, userId, sessionId);
  const session = await stripeCall(
    async () => (await deps.payments.stripe()).checkout.sessions.retrieve(row.id),
    PAYMENT_MESSAGES.sessionNotFound,
  );
  const invoiceId = idOf(session.invoice);
  let creditsAdded = 0;
  let fulfilled = row.fulfilledAt !== null;
  if (row.kind === 'credits') {
    creditsAdded = fulfilled ? row.credits : 0;
  } else if (invoiceId) {
    const [entry] = await deps.db
      .select({ amount: creditLedger.amount })
      .from(creditLedger)
      .where(and(eq(creditLedger.reason, 'plan_credits'), eq(creditLedger.reference, invoiceId)));
    creditsAdded = entry?.amount ?? 0;
    fulfilled = fulfilled && (entry !== undefined || row.credits === 0);
  }
  const [user] = await deps.db
    .select({ tier: users.subscriptionType })
    .from(users)
    .where(eq(users.id, userId));
  return {
    status: statusOf(session, row),
    payment_status: PAYMENT_STATUSES.find((status) => status === session.payment_status) ?? 'unpaid',
    customer_email: session.customer_details?.email ?? session.customer_email ?? null,
    fulfilled,
    kind: row.kind,
    description: row.description,
    amount_cents: row.amountCents,
    currency: row.currency,
    credits_added: creditsAdded,
    subscription_type: user?.tier ?? 'Basic',
    credits: await creditBalance(deps.db, userId),
  };
};
