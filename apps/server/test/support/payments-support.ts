import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { billingCustomers, creditLedger, stripeEvents, subscriptions, users } from '../../src/db/schema';
import { freePort } from './free-port';
import { type Harness, startHarness } from './harness';

export { freePort };

const hex = (bytes = 8) => randomBytes(bytes).toString('hex');

/**
 * The app listening on a real port at APP_ORIGIN, so the bundled sandbox delivers its signed events to the
 * webhook endpoint the app registers at start (inject alone would never receive them).
 */
export const startListeningHarness = async (): Promise<Harness> => {
  const port = await freePort();
  const h = await startHarness({
    engine: false,
    env: { PORT: String(port), APP_ORIGIN: `http://127.0.0.1:${port}` },
  });
  await h.app.listen({ port, host: '127.0.0.1' });
  return h;
};

/** The in-process sandbox's Stripe, which tests drive: pay a session, renew, wait for deliveries. */
export const sandboxStripe = (h: Harness) => {
  const sandbox = h.services.platformSandbox;
  if (!sandbox) throw new Error('the platform sandbox runs in process without STRIPE_SECRET_KEY');
  return sandbox.platforms.stripe;
};

export type TestEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
};

/** An event as Stripe sends it (API version 2026-03-25.dahlia), `created` in Unix seconds. */
export const anEvent = (type: string, object: Record<string, unknown>, created: number): TestEvent => ({
  id: `evt_test_${hex()}`,
  object: 'event',
  type,
  created,
  api_version: '2026-03-25.dahlia',
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

export const unix = (iso: string): number => Math.floor(new Date(iso).getTime() / 1000);

/** What the webhook is posted: an event made here, or one the sandbox's Stripe made. */
export type PostableEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

/** Posts an event to the webhook as Stripe would: the exact bytes, signed with the app's secret. */
export const postEvent = async (
  h: Harness,
  event: PostableEvent,
  options: { secret?: string; timestamp?: number; payload?: string; signature?: string | null } = {},
): Promise<LightMyRequestResponse> => {
  const payload = options.payload ?? JSON.stringify(event);
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ??
        (await h.deps.payments.stripe()).webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: options.secret ?? h.deps.payments.webhookSecret,
          ...(options.timestamp ? { timestamp: options.timestamp } : {}),
        }));
  return h.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
  });
};

export const balanceOf = async (h: Harness, userId: string): Promise<number> => {
  const [row] = await h.deps.db
    .select({ sum: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.sum ?? 0);
};

export const ledgerOf = (h: Harness, userId: string) =>
  h.deps.db
    .select({ amount: creditLedger.amount, reason: creditLedger.reason, reference: creditLedger.reference })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(creditLedger.id);

export const tierOf = async (h: Harness, userId: string): Promise<string> => {
  const [row] = await h.deps.db
    .select({ tier: users.subscriptionType })
    .from(users)
    .where(eq(users.id, userId));
  return row?.tier ?? '';
};

export const subscriptionRow = async (h: Harness, stripeId: string) => {
  const [row] = await h.deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeId));
  return row;
};

export const handledEvents = async (h: Harness, id: string): Promise<number> =>
  (await h.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).length;

export const newId = (prefix: string): string => `${prefix}_test_${hex()}`;

/**
 * Keeps the sandbox from delivering to the app (its endpoint disabled), for tests that post the sandbox's
 * events themselves, in the order they choose.
 */
export const stopSandboxDeliveries = async (h: Harness): Promise<void> => {
  const stripe = await h.deps.payments.stripe();
  for (const endpoint of (await stripe.webhookEndpoints.list()).data)
    await stripe.webhookEndpoints.update(endpoint.id, { disabled: true });
};

/** The sandbox's events of these ids, in the order they happened. */
export const sandboxEvents = (h: Harness, eventIds: string[]) =>
  sandboxStripe(h)
    .events()
    .filter((event) => eventIds.includes(event.id));

/** The one event of a type among some (fails the test when there is not exactly one). */
export const eventOf = <E extends { type: string }>(events: E[], type: string): E => {
  const found = events.filter((event) => event.type === type);
  if (found.length !== 1) throw new Error(`expected one ${type} event, found ${found.length}`);
  return found[0] as E;
};

/**
 * An account buys Premium through the app's Checkout and the sandbox's checkout page. Answers the
 * Stripe ids and the events Stripe made (delivered or not, as the test set it up).
 */
export const buyPremium = async (
  h: Harness,
  user: { accessToken: string },
  options: { interval?: 'month' | 'year'; card?: string } = {},
) => {
  const created = await h.call('POST', '/api/checkout', {
    token: user.accessToken,
    body: { kind: 'plan', plan_id: 'premium', interval: options.interval ?? 'month' },
  });
  if (created.statusCode !== 200) throw new Error(`checkout: ${created.statusCode} ${created.body}`);
  const sessionId: string = created.json().id;
  const { eventIds } = sandboxStripe(h).completeCheckout(
    sessionId,
    options.card ? { card: options.card } : {},
  );
  const session = await (await h.deps.payments.stripe()).checkout.sessions.retrieve(sessionId);
  return {
    sessionId,
    subscriptionId: String(session.subscription),
    invoiceId: String(session.invoice),
    customerId: String(session.customer),
    eventIds,
  };
};

/** A subscription's period as Stripe holds it (on its item since 2025-03-31). */
export const stripePeriodOf = async (h: Harness, subscriptionId: string) => {
  const item = (await (await h.deps.payments.stripe()).subscriptions.retrieve(subscriptionId)).items.data[0];
  return {
    start: new Date((item?.current_period_start ?? 0) * 1000),
    end: new Date((item?.current_period_end ?? 0) * 1000),
  };
};

export const customerRowOf = async (h: Harness, userId: string) => {
  const [row] = await h.deps.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row;
};
