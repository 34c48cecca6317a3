import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/open-database';
import { creditLedger, plans, subscriptions, users } from '../../db/schema';
import { insertNotice, mailNotice, type NewNotice } from '../notices/notify';
import { applySubscription, currentSubscription, userIdFor } from './fulfil-subscription';
import type { EventHandler, FulfilDeps } from './fulfilment';
import { creditsOf } from './plan-catalogue';
import { type Current, eventObjectId, readCurrent } from './stripe-current';
import {
  idOf,
  intervalOfPeriod,
  invoiceBuysPeriod,
  invoiceMetadataOf,
  invoicePeriodOf,
  invoiceSubscriptionIdOf,
} from './stripe-objects';

export const PLAN_CREDITS_REASON = 'plan_credits';

/** An invoice event's objects as Stripe holds them now: the invoice and its subscription. */
type InvoiceRead = { invoice: Stripe.Invoice; subscription: Current<Stripe.Subscription> | null } | null;

/**
 * Reads the invoice (in the pinned API version, whatever version the event was sent in: before
 * 2025-03-31 its subscription was `invoice.subscription`, since then `parent.subscription_details`)
 * and the subscription it belongs to, so an invoice that arrives before any event of its subscription
 * still finds the account, the plan and the period.
 */
const readInvoice = async (deps: FulfilDeps, event: Stripe.Event): Promise<InvoiceRead> => {
  const id = eventObjectId(event);
  const invoice = id
    ? await readCurrent(async () => (await deps.payments.stripe()).invoices.retrieve(id))
    : null;
  if (!invoice) return null;
  const subscription = await currentSubscription(deps, invoiceSubscriptionIdOf(invoice.object));
  return { invoice: invoice.object, subscription };
};

/** The account and plan an invoice is for: our subscription row (written just before), else its metadata. */
const ownerOf = async (tx: DbOrTx, invoice: Stripe.Invoice, subscriptionId: string) => {
  const [known] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
  const metadata = invoiceMetadataOf(invoice);
  const userId = known?.userId ?? (await userIdFor(tx, metadata.user_id, idOf(invoice.customer)));
  // The metadata as it was when the invoice was made says what it bought (a switch may follow it).
  const planId = metadata.plan_id ?? known?.planId ?? null;
  const given = metadata.interval === 'year' || metadata.interval === 'month' ? metadata.interval : null;
  return { userId, planId, interval: known?.interval ?? given };
};

/**
 * invoice.paid for a subscription (its first payment, and every renewal): the subscription is written as
 * Stripe holds it now (its period, which restarts the plan's counts: plan-allowance.ts), then the plan's
 * credits for the period enter the ledger (reference: the invoice, so it pays once however many events
 * name it).
 */
export const invoicePaid: EventHandler<InvoiceRead> = {
  prepare: readInvoice,
  apply: async (tx, deps, _event, read) => {
    if (!read) return [];
    await applySubscription(tx, read.subscription);
    const { invoice } = read;
    const subscriptionId = invoiceSubscriptionIdOf(invoice);
    // A paid invoice stays paid; one Stripe does not call paid bought nothing (yet).
    if (!subscriptionId || invoice.status !== 'paid') return [];
    const owner = await ownerOf(tx, invoice, subscriptionId);
    const period = invoicePeriodOf(invoice);
    // What this invoice paid for: a month or a year (the interval may have been switched since).
    const interval = (period ? intervalOfPeriod(period) : null) ?? owner.interval;
    if (!owner.userId || !owner.planId || !interval) return [];
    const [plan] = await tx.select().from(plans).where(eq(plans.id, owner.planId));
    // Only an invoice that bought a period adds its credits (not one of prorations only, nor one for nothing).
    const credits = plan && invoiceBuysPeriod(invoice) ? creditsOf(plan, interval) : 0;
    if (credits > 0) {
      await tx
        .insert(creditLedger)
        .values({
          userId: owner.userId,
          amount: credits,
          reason: PLAN_CREDITS_REASON,
          reference: invoice.id,
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing();
    }
    return [];
  },
};

export const PAYMENT_FAILED_NOTICE: NewNotice = {
  kind: 'payment_failed',
  title: 'Your card payment failed',
  body: 'We could not charge your card for your plan. Update your card in the billing portal (Plan → Manage subscription) to keep your plan and its limits.',
  link: '/plan',
};

/**
 * invoice.payment_failed: the subscription as Stripe holds it now (past due: the plan holds while Stripe
 * retries the card), and, unless the invoice has been paid since, a notice in the app and an e-mail to
 * update the card in the portal. The e-mail goes after the event's transaction commits, so a rolled-back
 * or duplicated event sends none.
 */
export const invoicePaymentFailed: EventHandler<InvoiceRead> = {
  prepare: readInvoice,
  apply: async (tx, deps, _event, read) => {
    if (!read) return [];
    await applySubscription(tx, read.subscription);
    const { invoice } = read;
    const subscriptionId = invoiceSubscriptionIdOf(invoice);
    if (!subscriptionId || invoice.status === 'paid') return [];
    const { userId } = await ownerOf(tx, invoice, subscriptionId);
    if (!userId) return [];
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return [];
    await insertNotice(tx, userId, PAYMENT_FAILED_NOTICE, deps.clock.now());
    return [() => mailNotice(deps, user, PAYMENT_FAILED_NOTICE)];
  },
};
