import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkCard, parseExpiry } from './cards';
import { StripeRefusal } from './errors';
import { cardFields, escapeHtml, every, FORM_SCRIPT, longDate, money, page, sendPage } from './pages-html';
import { ACCOUNT_NAME, type InvoiceRecord, type PortalRecord, type SubscriptionRecord } from './records';
import type { StripeWorld } from './world';

/**
 * The customer portal a billing portal session's URL opens. The link works once, as Stripe's do: opening
 * it gives the browser a cookie for this portal session (an hour), and the portal's own pages and forms
 * go by that cookie. It shows the customer's plan (name, price, interval, renewal date), cancels it at
 * period end or renews it (customer.subscription.updated), updates the card (a declined card is refused)
 * and returns to the app (the session's return_url).
 */

const PORTAL_SESSION_SECONDS = 3_600;
const cookieName = (portal: PortalRecord) => `sbx_portal_${portal.id}`;

const cookieOf = (req: FastifyRequest, name: string): string | null => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
};

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const NOTICES: Record<string, string> = {
  canceled: 'Your plan has been canceled. It stays active until the end of the period.',
  renewed: 'Your plan has been renewed.',
  card: 'Your payment method has been updated.',
};

export const registerPortalPages = (stripe: FastifyInstance, world: StripeWorld) => {
  const { state } = world;

  const message = (reply: FastifyReply, status: number, title: string, text: string, back?: string | null) =>
    sendPage(
      reply,
      status,
      page(
        title,
        `<div class="merchant">${escapeHtml(ACCOUNT_NAME)} <span class="badge">Test mode</span></div>
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${back ? `<p><a class="back" href="${escapeHtml(back)}">← Return to ${escapeHtml(ACCOUNT_NAME)}</a></p>` : ''}`,
        { narrow: true },
      ),
      'none',
    );

  /** The portal session the browser holds (by its cookie), or the refusal page already sent. */
  const opened = (
    req: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
  ): PortalRecord | null => {
    const portal = state.portals.get(req.params.id);
    if (!portal) {
      void message(
        reply,
        404,
        'This link is not valid',
        'Return to the app and open the billing portal again.',
      );
      return null;
    }
    const cookie = cookieOf(req, cookieName(portal));
    if (!portal.token || !cookie || !sameText(cookie, portal.token) || portal.expiresAt <= world.unix()) {
      void message(
        reply,
        401,
        'This session has expired',
        'Return to the app and open the billing portal again.',
        portal.returnUrl,
      );
      return null;
    }
    return portal;
  };

  /** What the portal offers: its configuration's features (every one for a session saved before them). */
  const offers = (portal: PortalRecord) => {
    const features = portal.configurationId
      ? state.portalConfigurations.get(portal.configurationId)?.features
      : undefined;
    return {
      cancel: features?.subscriptionCancel.enabled ?? true,
      card: features?.paymentMethodUpdate ?? true,
      invoices: features?.invoiceHistory ?? true,
    };
  };
  const notOffered = (reply: FastifyReply, portal: PortalRecord) =>
    message(
      reply,
      404,
      'Not available',
      'This portal does not offer that.',
      `/stripe/portal/${portal.id}/manage`,
    );

  const subscriptionsOf = (customerId: string) =>
    [...state.subscriptions.values()].filter((s) => s.customerId === customerId && s.status !== 'canceled');

  const ownSubscription = (portal: PortalRecord, id: unknown): SubscriptionRecord | undefined =>
    subscriptionsOf(portal.customerId).find((s) => s.id === id);

  const subscriptionPanel = (portal: PortalRecord, subscription: SubscriptionRecord) => {
    const price = state.prices.get(subscription.priceId);
    if (!price) return '';
    const renewal = subscription.cancelAtPeriodEnd
      ? `Your plan will be canceled on ${longDate(subscription.currentPeriodEnd)}.`
      : subscription.status === 'past_due'
        ? 'Your last payment failed. Update your payment method to keep your plan.'
        : `Your plan renews on ${longDate(subscription.currentPeriodEnd)}.`;
    const action = subscription.cancelAtPeriodEnd
      ? { path: 'renew', label: 'Renew plan', style: '' }
      : { path: 'cancel', label: 'Cancel plan', style: ' class="danger"' };
    // Taking a cancellation back is always offered; cancelling, when the configuration allows it.
    const form =
      subscription.cancelAtPeriodEnd || offers(portal).cancel
        ? `<form method="post" action="/stripe/portal/${escapeHtml(portal.id)}/${action.path}">
<input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
<button type="submit"${action.style}>${action.label}</button></form>`
        : '';
    return `<div class="panel">
<h2 style="margin-top:0">${escapeHtml(price.productName)}</h2>
<p style="margin:0"><strong>${money(price.unitAmount * subscription.quantity, price.currency)}</strong> ${escapeHtml(every(price))}</p>
<p class="label">${escapeHtml(renewal)}</p>
${form}</div>`;
  };

  /**
   * What an invoice was for, as the portal's history says it: a one-off invoice's own description (a credit
   * pack bought through Checkout), else its product (a plan's period), and whether the lines prorate a change.
   */
  const boughtOn = (invoice: InvoiceRecord): string => {
    if (invoice.description) return invoice.description;
    const product = state.prices.get(invoice.priceId)?.productName ?? 'Subscription';
    return invoice.billingReason === 'subscription_update' && invoice.lines?.some((line) => line.proration)
      ? `${product} (plan change)`
      : product;
  };

  const manage = (reply: FastifyReply, portal: PortalRecord, notice?: string) => {
    const customer = state.customers.get(portal.customerId);
    const method = customer?.defaultPaymentMethod
      ? state.paymentMethods.get(customer.defaultPaymentMethod)
      : undefined;
    const subscriptions = subscriptionsOf(portal.customerId);
    const invoices = [...state.invoices.values()].filter((i) => i.customerId === portal.customerId).reverse();
    const body = `${portal.returnUrl ? `<p><a class="back" href="${escapeHtml(portal.returnUrl)}">← Return to ${escapeHtml(ACCOUNT_NAME)}</a></p>` : ''}
<div class="merchant">${escapeHtml(ACCOUNT_NAME)} <span class="badge">Test mode</span></div>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
<h1>Current plan</h1>
${subscriptions.length ? subscriptions.map((s) => subscriptionPanel(portal, s)).join('') : '<p class="label">You have no active plan.</p>'}
<h2>Payment method</h2>
<div class="panel">${method ? `<p style="margin:0">${escapeHtml(method.brand === 'visa' ? 'Visa' : 'Mastercard')} •••• ${escapeHtml(method.last4)} <span class="label">Expires ${String(method.exp_month).padStart(2, '0')}/${method.exp_year}</span></p>` : '<p class="label" style="margin:0">No payment method on file.</p>'}
${offers(portal).card ? `<a class="button secondary" href="/stripe/portal/${escapeHtml(portal.id)}/payment-method">Update payment method</a>` : ''}</div>
${!offers(portal).invoices ? '' : `<h2>Billing and payment history</h2>`}
${!offers(portal).invoices ? '' : invoices.length ? `<table aria-label="Billing and payment history"><thead><tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${invoices.map((i) => `<tr><td>${longDate(i.created)}</td><td>${escapeHtml(boughtOn(i))}</td><td>${money(i.amount, i.currency)}</td><td>${i.status === 'paid' ? 'Paid' : 'Open'}</td></tr>`).join('')}</tbody></table>` : '<p class="label">No invoices yet.</p>'}
${customer?.email ? `<p class="hint">Signed in as ${escapeHtml(customer.email)}</p>` : ''}`;
    return sendPage(reply, 200, page(`${ACCOUNT_NAME} · Billing`, body, { narrow: true }), 'none');
  };

  const cardForm = (
    reply: FastifyReply,
    status: number,
    portal: PortalRecord,
    values: Record<string, string>,
    error?: string,
  ) =>
    sendPage(
      reply,
      status,
      page(
        `${ACCOUNT_NAME} · Update payment method`,
        `<p><a class="back" href="/stripe/portal/${escapeHtml(portal.id)}/manage">← Back</a></p>
<h1>Update payment method</h1>
<form method="post" action="/stripe/portal/${escapeHtml(portal.id)}/payment-method" data-busy="Saving…" novalidate>
${cardFields({ number: values.card_number, expiry: values.card_expiry, cvc: values.card_cvc, name: values.card_name })}
${error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Save card</button>
<p class="hint">Test cards: 4242 4242 4242 4242 is taken, 4000 0000 0000 0002 is declined, 4000 0000 0000 0341 is taken but later charges fail.</p>
</form>`,
        { narrow: true, script: FORM_SCRIPT },
      ),
      'none',
    );

  type Portal = { Params: { id: string }; Body: Record<string, string>; Querystring: Record<string, string> };
  const done = (reply: FastifyReply, portal: PortalRecord, notice: string) =>
    reply.code(303).header('location', `/stripe/portal/${portal.id}/manage?done=${notice}`).send();

  stripe.get<Portal>('/portal/:id', async (req, reply) => {
    const portal = state.portals.get(req.params.id);
    if (!portal)
      return message(
        reply,
        404,
        'This link is not valid',
        'Return to the app and open the billing portal again.',
      );
    if (portal.token)
      return message(
        reply,
        410,
        'This link has already been used',
        'Portal links work once. Return to the app and open the billing portal again.',
        portal.returnUrl,
      );
    if (portal.expiresAt <= world.unix())
      return message(
        reply,
        410,
        'This link has expired',
        'Return to the app and open the billing portal again.',
        portal.returnUrl,
      );
    portal.token = randomBytes(24).toString('base64url');
    portal.expiresAt = world.unix() + PORTAL_SESSION_SECONDS;
    return reply
      .code(303)
      .header(
        'set-cookie',
        `${cookieName(portal)}=${portal.token}; Path=/stripe/portal/${portal.id}; Max-Age=${PORTAL_SESSION_SECONDS}; HttpOnly; SameSite=Lax`,
      )
      .header('location', `/stripe/portal/${portal.id}/manage`)
      .send();
  });

  stripe.get<Portal>('/portal/:id/manage', async (req, reply) => {
    const portal = opened(req, reply);
    if (!portal) return reply;
    return manage(reply, portal, NOTICES[req.query.done ?? '']);
  });

  // Cancel at the period's end, or take that back: the same form on the same plan, one flag apart.
  for (const [action, cancelAtPeriodEnd, notice] of [
    ['cancel', true, 'canceled'],
    ['renew', false, 'renewed'],
  ] as const) {
    stripe.post<Portal>(`/portal/:id/${action}`, async (req, reply) => {
      const portal = opened(req, reply);
      if (!portal) return reply;
      if (cancelAtPeriodEnd && !offers(portal).cancel) return notOffered(reply, portal);
      const subscription = ownSubscription(portal, req.body?.subscription);
      if (!subscription)
        return message(
          reply,
          404,
          'Plan not found',
          'This plan is not yours to change.',
          `/stripe/portal/${portal.id}/manage`,
        );
      world.updateSubscription(subscription.id, { cancelAtPeriodEnd });
      return done(reply, portal, notice);
    });
  }

  stripe.get<Portal>('/portal/:id/payment-method', async (req, reply) => {
    const portal = opened(req, reply);
    if (!portal) return reply;
    if (!offers(portal).card) return notOffered(reply, portal);
    const customer = state.customers.get(portal.customerId);
    return cardForm(reply, 200, portal, { card_name: customer?.name ?? '' });
  });

  stripe.post<Portal>('/portal/:id/payment-method', async (req, reply) => {
    const portal = opened(req, reply);
    if (!portal) return reply;
    if (!offers(portal).card) return notOffered(reply, portal);
    const values = req.body && typeof req.body === 'object' ? req.body : {};
    if (!values.card_name?.trim())
      return cardForm(reply, 400, portal, values, 'Enter the name on your card.');
    try {
      const card = checkCard(
        {
          number: values.card_number ?? '',
          ...parseExpiry(values.card_expiry ?? ''),
          cvc: values.card_cvc ?? '',
        },
        world.ctx.now(),
      );
      world.attachCard(portal.customerId, card, { name: values.card_name });
    } catch (error) {
      if (error instanceof StripeRefusal) return cardForm(reply, error.status, portal, values, error.message);
      throw error;
    }
    return done(reply, portal, 'card');
  });
};
