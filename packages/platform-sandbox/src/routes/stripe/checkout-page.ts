import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseExpiry } from './cards';
import { StripeRefusal } from './errors';
import { cardFields, escapeHtml, every, FORM_SCRIPT, money, page, sendPage } from './pages-html';
import { ACCOUNT_NAME, type SessionRecord } from './records';
import type { StripeWorld } from './world';

/**
 * The Checkout page a session's client secret opens (framed by Stripe.js's embedded Checkout, or on its
 * own for a hosted session's URL): the order, the e-mail (prefilled from the customer), card fields and
 * Pay/Subscribe. It is a real form, so it works from the keyboard and without script. Paying waits for
 * the webhooks of the payment (up to a few seconds), then tells the framing page (postMessage), whose
 * Stripe.js sends the window to the session's return_url, as embedded Checkout does.
 */

/** How long the Pay answer waits for the payment's webhooks before telling the page (never longer). */
const WEBHOOKS_WAIT_MS = 5_000;

type Framing = { embedded: boolean; origin: string | null; key: string | null };
type Values = { email?: string; number?: string; expiry?: string; cvc?: string; name?: string };

const originOf = (value: unknown): string | null => {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

const framingOf = (source: Record<string, unknown>): Framing => ({
  embedded: source.embedded === '1',
  origin: originOf(source.origin),
  key: typeof source.key === 'string' && source.key ? source.key : null,
});

const hidden = (framing: Framing) =>
  [
    framing.embedded ? '<input type="hidden" name="embedded" value="1">' : '',
    framing.origin ? `<input type="hidden" name="origin" value="${escapeHtml(framing.origin)}">` : '',
    framing.key ? `<input type="hidden" name="key" value="${escapeHtml(framing.key)}">` : '',
  ].join('');

/** Keeps the frame as tall as the page (the framing Stripe.js sizes the iframe to it). */
const resizeScript = (framing: Framing) =>
  framing.embedded && framing.origin
    ? `(function(){var o=${JSON.stringify(framing.origin)};function s(){parent.postMessage({type:'stripe-sandbox:resize',height:document.documentElement.scrollHeight},o);}
window.addEventListener('load',s);if(window.ResizeObserver)new ResizeObserver(s).observe(document.body);s();})();`
    : '';

/** Registers GET and POST /checkout/:secret on the /stripe scope. */
export const registerCheckoutPage = (stripe: FastifyInstance, world: StripeWorld) => {
  const bySecret = (secret: string): SessionRecord | undefined =>
    [...world.state.sessions.values()].find((session) => session.clientSecret === secret);

  const message = (
    reply: FastifyReply,
    status: number,
    title: string,
    text: string,
    framing: Framing,
    back?: string | null,
  ) =>
    sendPage(
      reply,
      status,
      page(
        title,
        `<div class="merchant">${escapeHtml(ACCOUNT_NAME)} <span class="badge">Test mode</span></div>
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${back ? `<p><a class="back" href="${escapeHtml(back)}" target="_top">Return to ${escapeHtml(ACCOUNT_NAME)}</a></p>` : ''}`,
        { narrow: true, script: resizeScript(framing) },
      ),
    );

  const summary = (session: SessionRecord) => {
    const lines = session.items.map((item) => {
      const price = world.state.prices.get(item.priceId);
      if (!price) return '';
      const interval = every(price);
      return `<div class="line"><div><div>${escapeHtml(price.productName)}</div><div class="muted">Qty ${item.quantity}${interval ? ` · Billed ${price.interval === 'year' ? 'yearly' : price.interval === 'month' ? 'monthly' : interval}` : ''}</div></div>
<div>${money(price.unitAmount * item.quantity, price.currency)}</div></div>`;
    });
    const first = world.state.prices.get(session.items[0]?.priceId ?? '');
    const recurring = session.mode === 'subscription' && first ? every(first) : '';
    const heading =
      session.mode === 'subscription' && first ? `Subscribe to ${first.productName}` : `Pay ${ACCOUNT_NAME}`;
    return `<section class="summary" aria-label="Order summary">
<div class="merchant">${escapeHtml(ACCOUNT_NAME)} <span class="badge">Test mode</span></div>
<p class="label">${escapeHtml(heading)}</p>
<p class="amount">${money(session.amountTotal, session.currency)}${recurring ? ` <small>${escapeHtml(recurring)}</small>` : ''}</p>
${lines.join('')}
<div class="line total"><div>${session.mode === 'subscription' ? 'Total due today' : 'Total'}</div><div>${money(session.amountTotal, session.currency)}</div></div>
</section>`;
  };

  const form = (
    reply: FastifyReply,
    status: number,
    session: SessionRecord,
    framing: Framing,
    values: Values,
    error?: string,
  ) => {
    const customer = session.customerId ? world.state.customers.get(session.customerId) : undefined;
    const email = values.email ?? session.customerEmail ?? customer?.email ?? '';
    const fixedEmail = Boolean(session.customerEmail || customer?.email);
    const action =
      session.mode === 'subscription' ? 'Subscribe' : `Pay ${money(session.amountTotal, session.currency)}`;
    const body = `${summary(session)}
<section class="pay" aria-label="Payment">
<h1>${session.mode === 'subscription' ? 'Subscribe' : 'Pay'} with card</h1>
<form method="post" action="/stripe/checkout/${escapeHtml(session.clientSecret ?? '')}" data-busy="Processing…" novalidate>
${hidden(framing)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${fixedEmail ? ' readonly' : ''}>
${cardFields(values)}
${error ? `<p class="alert" role="alert" id="payment-error">${escapeHtml(error)}</p>` : ''}
<button type="submit">${escapeHtml(action)}</button>
<p class="hint">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined; any future date and any CVC.</p>
${session.cancelUrl ? `<p><a class="back" href="${escapeHtml(session.cancelUrl)}" target="_top">← Back to ${escapeHtml(ACCOUNT_NAME)}</a></p>` : ''}
</form></section>`;
    return sendPage(
      reply,
      status,
      page(`${ACCOUNT_NAME} · Checkout`, body, { script: FORM_SCRIPT + resizeScript(framing) }),
    );
  };

  /** The answer for a session that cannot be paid (any more); null when it is open. */
  const closed = (reply: FastifyReply, session: SessionRecord | undefined, framing: Framing) => {
    if (!session)
      return message(reply, 404, 'Something went wrong', 'This checkout link is not valid.', framing);
    world.sweepExpired();
    if (framing.key && framing.key !== world.app().publishableKey)
      return message(
        reply,
        401,
        'Something went wrong',
        `Invalid API Key provided: ${framing.key.slice(0, 8)}…`,
        framing,
      );
    if (session.status === 'expired')
      return message(
        reply,
        410,
        'This checkout session has expired',
        'Go back and start again to pay.',
        framing,
        session.cancelUrl ?? session.returnUrl,
      );
    if (session.status === 'complete')
      return message(
        reply,
        409,
        'This checkout session is already complete',
        'Your payment went through; there is nothing more to pay.',
        framing,
        session.returnUrl ?? session.successUrl,
      );
    return null;
  };

  stripe.get<{ Params: { secret: string }; Querystring: Record<string, string> }>(
    '/checkout/:secret',
    async (req, reply) => {
      const framing = framingOf(req.query);
      const session = bySecret(req.params.secret);
      const refused = closed(reply, session, framing);
      if (refused || !session) return refused;
      return form(reply, 200, session, framing, {});
    },
  );

  stripe.post<{ Params: { secret: string }; Body: Record<string, string> }>(
    '/checkout/:secret',
    async (req, reply) => {
      const fields = req.body && typeof req.body === 'object' ? req.body : {};
      const framing = framingOf(fields);
      const session = bySecret(req.params.secret);
      const refused = closed(reply, session, framing);
      if (refused || !session) return refused;
      const values: Values = {
        email: fields.email ?? '',
        number: fields.card_number ?? '',
        expiry: fields.card_expiry ?? '',
        cvc: fields.card_cvc ?? '',
        name: fields.card_name ?? '',
      };
      if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
        return form(reply, 400, session, framing, values, 'Your email address is incomplete.');
      if (!values.name?.trim())
        return form(reply, 400, session, framing, values, 'Enter the name on your card.');
      let done: ReturnType<StripeWorld['payCheckout']>;
      try {
        done = world.payCheckout(
          session.id,
          {
            number: values.number ?? '',
            ...parseExpiry(values.expiry ?? ''),
            cvc: values.cvc ?? '',
            name: values.name,
          },
          { email: values.email, name: values.name },
        );
      } catch (error) {
        if (error instanceof StripeRefusal)
          return form(reply, error.status, session, framing, values, error.message);
        throw error;
      }
      await world.deliveriesSettled(done.eventIds, WEBHOOKS_WAIT_MS);
      const redirect =
        session.redirectOnCompletion === 'never' ? null : (session.returnUrl ?? session.successUrl);
      if (!framing.embedded && redirect) return reply.code(303).header('location', redirect).send();
      const note = {
        type: 'stripe-sandbox:checkout-complete',
        sessionId: session.id,
        redirectUrl: redirect,
      };
      const script =
        framing.embedded && framing.origin
          ? `parent.postMessage(${JSON.stringify(note).replace(/</g, '\\u003c')},${JSON.stringify(framing.origin)});`
          : '';
      return sendPage(
        reply,
        200,
        page(
          'Payment complete',
          `<div class="merchant">${escapeHtml(ACCOUNT_NAME)} <span class="badge">Test mode</span></div>
<h1 role="status">${session.mode === 'subscription' ? 'Subscription started' : 'Payment complete'}</h1><p>Thanks for your payment. ${redirect ? 'Taking you back…' : ''}</p>`,
          { narrow: true, script: resizeScript(framing) + script },
        ),
      );
    },
  );
};
