import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { creditLedger, stripeEvents, subscriptions, users } from '../../src/db/schema';
import { type Harness, startHarness } from './harness';

const hex = (bytes = 8) => randomBytes(bytes).toString('hex');

/** A free local port, for an app that must listen where the sandbox delivers its webhooks. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

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

/** A subscription object: the period on its item, our metadata naming the account and the plan. */
export const aSubscription = (input: {
  id: string;
  userId: string;
  customer?: string;
  status?: string;
  start: number;
  end: number;
  interval?: 'month' | 'year';
  planId?: string;
  cancelAtPeriodEnd?: boolean;
}): Record<string, unknown> => ({
  id: input.id,
  object: 'subscription',
  customer: input.customer ?? `cus_test_${input.userId.slice(0, 8)}`,
  status: input.status ?? 'active',
  cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
  cancel_at: null,
  metadata: {
    user_id: input.userId,
    kind: 'plan',
    plan_id: input.planId ?? 'premium',
    interval: input.interval ?? 'month',
  },
  items: {
    object: 'list',
    data: [
      {
        id: `si_${input.id}`,
        object: 'subscription_item',
        current_period_start: input.start,
        current_period_end: input.end,
        price: { recurring: { interval: input.interval ?? 'month' } },
      },
    ],
  },
});

/** A subscription's invoice (dahlia: the subscription under parent.subscription_details). */
export const anInvoice = (input: {
  id: string;
  subscriptionId: string;
  userId: string;
  start: number;
  end: number;
  interval?: 'month' | 'year';
}): Record<string, unknown> => ({
  id: input.id,
  object: 'invoice',
  customer: `cus_test_${input.userId.slice(0, 8)}`,
  status: 'paid',
  amount_paid: input.interval === 'year' ? 47000 : 4900,
  billing_reason: 'subscription_cycle',
  parent: {
    type: 'subscription_details',
    subscription_details: {
      subscription: input.subscriptionId,
      metadata: {
        user_id: input.userId,
        kind: 'plan',
        plan_id: 'premium',
        interval: input.interval ?? 'month',
      },
    },
  },
  lines: { object: 'list', data: [{ id: `il_${input.id}`, period: { start: input.start, end: input.end } }] },
});

/** Posts an event to the webhook as Stripe would: the exact bytes, signed with the app's secret. */
export const postEvent = (
  h: Harness,
  event: TestEvent,
  options: { secret?: string; timestamp?: number; payload?: string; signature?: string | null } = {},
): Promise<LightMyRequestResponse> => {
  const payload = options.payload ?? JSON.stringify(event);
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ??
        h.deps.payments.stripe.webhooks.generateTestHeaderString({
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
