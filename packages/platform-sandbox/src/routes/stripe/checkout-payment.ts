import { type CardInput, checkCard } from './cards';
import { renderSession, sessionOpen } from './checkout-sessions';
import type { StripeCore } from './core';
import { renderCustomer } from './customers';
import { StripeRefusal } from './errors';
import { newInvoice, oneOffInvoice, renderInvoice } from './invoices';
import { addPeriod } from './prices';
import type {
  CompletedCheckout,
  PaymentIntentRecord,
  PaymentMethodRecord,
  SubscriptionRecord,
} from './records';
import { renderSubscription } from './subscriptions';

/**
 * The card paying for a session, with the same rules as the checkout page: a customer made when needed, a
 * payment (with its invoice when asked) or a subscription with its first invoice, and the events Stripe
 * sends for them.
 */
export const payCheckout = (
  core: StripeCore,
  sessionId: string,
  input: CardInput,
  details: { email?: string | null; name?: string | null },
): CompletedCheckout => {
  const session = core.need(core.state.sessions, 'checkout session', sessionId);
  sessionOpen(core, session);
  // A refused card leaves the session open and unpaid: nothing is created.
  const card = checkCard(input, core.ctx.now());
  const email =
    details.email?.trim() ||
    session.customerEmail ||
    (session.customerId ? (core.state.customers.get(session.customerId)?.email ?? null) : null);
  if (!email)
    throw new StripeRefusal(
      400,
      'invalid_request_error',
      'Enter your email address.',
      'email_invalid',
      'email',
    );
  const now = core.unix();
  const eventIds: string[] = [];
  let customer = session.customerId ? core.state.customers.get(session.customerId) : undefined;
  // An invoice needs a customer: Checkout makes one for a payment that asks for an invoice.
  const invoiced = session.mode === 'payment' && session.invoiceCreation?.enabled === true;
  if (!customer && (session.mode === 'subscription' || session.customerCreation === 'always' || invoiced)) {
    customer = {
      id: core.newId('cus_'),
      created: now,
      email,
      name: details.name ?? input.name ?? null,
      description: null,
      metadata: {},
      defaultPaymentMethod: null,
    };
    core.state.customers.set(customer.id, customer);
    eventIds.push(core.emit('customer.created', renderCustomer(customer)).id);
  }
  const method: PaymentMethodRecord = {
    ...card,
    id: core.newId('pm_'),
    created: now,
    customerId: customer?.id ?? null,
    name: details.name ?? input.name ?? null,
    email,
  };
  core.state.paymentMethods.set(method.id, method);
  session.customerId = customer?.id ?? null;
  session.customerDetails = { email, name: method.name };
  if (session.mode === 'payment') {
    const intent: PaymentIntentRecord = {
      id: core.newId('pi_'),
      created: now,
      amount: session.amountTotal,
      currency: session.currency,
      customerId: customer?.id ?? null,
      paymentMethodId: method.id,
      status: 'succeeded',
      description: null,
      metadata: { ...session.paymentIntentMetadata },
      invoiceId: null,
    };
    core.state.paymentIntents.set(intent.id, intent);
    session.paymentIntentId = intent.id;
    if (invoiced && customer) {
      const invoice = oneOffInvoice(core, session, customer, intent);
      eventIds.push(core.emit('invoice.paid', renderInvoice(core, invoice)).id);
    }
  } else {
    if (!customer) throw new Error('A subscription needs a customer');
    customer.defaultPaymentMethod = method.id;
    const item = session.items[0];
    if (!item) throw new Error('A subscription needs a line item');
    const price = core.need(core.state.prices, 'price', item.priceId);
    const subscription: SubscriptionRecord = {
      id: core.newId('sub_'),
      created: now,
      customerId: customer.id,
      itemId: core.newId('si_'),
      priceId: price.id,
      quantity: item.quantity,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: addPeriod(now, price.interval ?? 'month', price.intervalCount),
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      cancellationReason: null,
      metadata: { ...session.subscriptionMetadata },
      latestInvoiceId: null,
      defaultPaymentMethod: method.id,
      failNextRenewal: false,
    };
    core.state.subscriptions.set(subscription.id, subscription);
    const invoice = newInvoice(core, subscription, 'subscription_create', true);
    subscription.latestInvoiceId = invoice.id;
    session.subscriptionId = subscription.id;
    session.invoiceId = invoice.id;
    // As Stripe: the subscription is made incomplete, its first invoice is paid, and it becomes active,
    // all in the same second; the created event shows it incomplete.
    const active = renderSubscription(core, subscription);
    const incomplete = { ...active, status: 'incomplete' };
    eventIds.push(core.emit('customer.subscription.created', incomplete).id);
    eventIds.push(core.emit('invoice.paid', renderInvoice(core, invoice)).id);
    eventIds.push(core.emit('customer.subscription.updated', active, { status: 'incomplete' }).id);
  }
  session.status = 'complete';
  session.paymentStatus = 'paid';
  eventIds.push(core.emit('checkout.session.completed', renderSession(core, session)).id);
  return { session: renderSession(core, session), eventIds };
};
