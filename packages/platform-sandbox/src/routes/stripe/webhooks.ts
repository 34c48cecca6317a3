import { createHmac } from 'node:crypto';
import { eventForEndpoint } from './api-versions';
import type { StripeEvent } from './event';

/**
 * Webhook delivery as Stripe does it: each event POSTed as JSON to every endpoint listening for its
 * type, signed in `Stripe-Signature: t=…,v1=…` (HMAC-SHA256 of `${t}.${payload}` with the endpoint's
 * secret), so `stripe.webhooks.constructEvent` accepts it. Per endpoint the events go out one at a time in
 * the order they happened; a failed or non-2xx attempt is retried with backoff before the next event goes,
 * and every attempt is recorded. Delivery runs beside the API: no API answer waits for it.
 */

export type WebhookEndpointRecord = {
  id: string;
  url: string;
  secret: string;
  enabled_events: string[];
  status: 'enabled' | 'disabled';
  /** The version its events are rendered in; null: the account's default (made without one, as in the Dashboard). */
  apiVersion?: string | null;
};

/**
 * How held deliveries go out when released (a test's control): in the order the events happened, the
 * other way round, or shuffled; `first` event types go before the rest. Stripe promises no order.
 */
export type ReleaseOrder = { order?: 'sent' | 'reverse' | 'shuffle'; first?: string[] };

export type DeliveryAttempt = {
  at: Date;
  /** The endpoint's HTTP status; null when it could not be reached (the error says why). */
  status: number | null;
  error: string | null;
  durationMs: number;
};

export type WebhookDelivery = {
  id: string;
  eventId: string;
  eventType: string;
  endpointId: string;
  url: string;
  state: 'pending' | 'succeeded' | 'failed';
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (pending ones). */
  nextAttemptAt: Date | null;
};

export type SavedDeliveries = { deliveries: WebhookDelivery[] };

/** Backoff between attempts; after the last delay's attempt fails the delivery is given up. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 25_000];
const ATTEMPT_TIMEOUT_MS = 10_000;

export const signatureHeader = (payload: string, secret: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${payload}`).digest('hex')}`;

export const listensFor = (endpoint: WebhookEndpointRecord, type: string): boolean =>
  endpoint.status === 'enabled' &&
  endpoint.enabled_events.some((enabled) => enabled === '*' || enabled === type);

type DeliveryOptions = {
  nextId: (prefix: string) => string;
  event: (id: string) => StripeEvent | undefined;
  endpoint: (id: string) => WebhookEndpointRecord | undefined;
  changed: () => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const createWebhookDeliveries = (options: DeliveryOptions) => {
  let deliveries: WebhookDelivery[] = [];
  let retryDelaysMs = [...DEFAULT_RETRY_DELAYS_MS];
  const running = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  const waiters: Array<() => void> = [];
  let stopped = false;
  /** Deliveries wait (a test holds them to release them in another order). */
  let held = false;

  const pendingOf = (endpointId: string) =>
    deliveries.filter((delivery) => delivery.endpointId === endpointId && delivery.state === 'pending');

  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };

  const attempt = async (delivery: WebhookDelivery, endpoint: WebhookEndpointRecord, event: StripeEvent) => {
    const payload = JSON.stringify(eventForEndpoint(event, endpoint.apiVersion ?? null), null, 2);
    // Signed with the wall clock (not the sandbox's): receivers check the timestamp against their own.
    const signature = signatureHeader(payload, endpoint.secret, Math.floor(Date.now() / 1000));
    const started = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const answer = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      status = answer.status;
      await answer.arrayBuffer().catch(() => undefined);
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (caught) {
      error =
        (caught as Error).name === 'TimeoutError'
          ? 'Timed out'
          : ((caught as Error).message ?? 'Unreachable');
    }
    delivery.attempts.push({ at: new Date(), status, error, durationMs: Date.now() - started });
    return error === null;
  };

  /** Sends an endpoint's pending deliveries in order; one runner per endpoint. */
  const run = async (endpointId: string) => {
    if (running.has(endpointId) || stopped || held) return;
    running.add(endpointId);
    try {
      for (;;) {
        if (stopped || held) return;
        const delivery = pendingOf(endpointId)[0];
        if (!delivery) return;
        const wait = (delivery.nextAttemptAt?.getTime() ?? 0) - Date.now();
        if (wait > 0) {
          // Retried later: the runner stops and a timer starts it again.
          const timer = setTimeout(() => {
            timers.delete(endpointId);
            void run(endpointId);
          }, wait);
          timer.unref();
          timers.set(endpointId, timer);
          return;
        }
        const endpoint = options.endpoint(endpointId);
        const event = options.event(delivery.eventId);
        if (!endpoint || !event) {
          delivery.state = 'failed';
          delivery.nextAttemptAt = null;
        } else if (await attempt(delivery, endpoint, event)) {
          delivery.state = 'succeeded';
          delivery.nextAttemptAt = null;
        } else {
          const delay = retryDelaysMs[delivery.attempts.length - 1];
          if (delay === undefined) {
            delivery.state = 'failed';
            delivery.nextAttemptAt = null;
          } else delivery.nextAttemptAt = new Date(Date.now() + delay);
        }
        options.changed();
        wake();
      }
    } finally {
      running.delete(endpointId);
    }
  };

  const kick = (endpointId: string) => {
    if (timers.has(endpointId) || running.has(endpointId)) return;
    void run(endpointId);
  };

  const enqueue = (event: StripeEvent, endpoints: WebhookEndpointRecord[]): WebhookDelivery[] => {
    const added = endpoints
      .filter((endpoint) => listensFor(endpoint, event.type))
      .map(
        (endpoint): WebhookDelivery => ({
          id: options.nextId('whdel_'),
          eventId: event.id,
          eventType: event.type,
          endpointId: endpoint.id,
          url: endpoint.url,
          state: 'pending',
          attempts: [],
          nextAttemptAt: null,
        }),
      );
    deliveries.push(...added);
    for (const delivery of added) kick(delivery.endpointId);
    return added;
  };

  return {
    enqueue,
    list: (): WebhookDelivery[] =>
      deliveries.map((delivery) => ({ ...delivery, attempts: delivery.attempts.map((a) => ({ ...a })) })),
    /** Deliveries wait until released; events keep being recorded meanwhile. */
    hold: () => {
      held = true;
    },
    /** Sends what waited, reordered as asked, one at a time per endpoint as always. */
    release: (release: ReleaseOrder = {}) => {
      held = false;
      const waiting = deliveries.filter((delivery) => delivery.state === 'pending');
      const others = deliveries.filter((delivery) => delivery.state !== 'pending');
      const ordered =
        release.order === 'reverse'
          ? [...waiting].reverse()
          : release.order === 'shuffle'
            ? waiting
                .map((delivery) => ({ delivery, key: Math.random() }))
                .sort((a, b) => a.key - b.key)
                .map(({ delivery }) => delivery)
            : waiting;
      const first = release.first ?? [];
      const rank = (delivery: WebhookDelivery) => {
        const index = first.indexOf(delivery.eventType);
        return index < 0 ? first.length : index;
      };
      // A stable sort keeps the chosen order within each rank.
      deliveries = [
        ...others,
        ...ordered
          .map((delivery, index) => ({ delivery, index }))
          .sort((a, b) => rank(a.delivery) - rank(b.delivery) || a.index - b.index)
          .map(({ delivery }) => delivery),
      ];
      for (const endpointId of new Set(ordered.map((delivery) => delivery.endpointId))) kick(endpointId);
    },
    setRetryDelays: (delays: number[]) => {
      retryDelaysMs = [...delays];
    },
    retryDelays: () => [...retryDelaysMs],
    /**
     * Resolves once the given events' deliveries are no longer pending (or `timeoutMs` passed): what the
     * checkout page waits for, so the app has heard of a payment before its return page asks.
     */
    settled: async (eventIds: string[], timeoutMs: number): Promise<boolean> => {
      const ids = new Set(eventIds);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const open = deliveries.some((delivery) => ids.has(delivery.eventId) && delivery.state === 'pending');
        if (!open) return true;
        const left = deadline - Date.now();
        if (left <= 0 || stopped) return false;
        await Promise.race([
          new Promise<void>((resolve) => waiters.push(resolve)),
          sleep(Math.min(left, 200)),
        ]);
      }
    },
    /** Forgets the finished deliveries of events no longer kept. */
    forget: (keptEventIds: Set<string>) => {
      deliveries = deliveries.filter(
        (delivery) => delivery.state === 'pending' || keptEventIds.has(delivery.eventId),
      );
    },
    /** Drops an endpoint's pending deliveries (it was deleted). */
    dropEndpoint: (endpointId: string) => {
      for (const delivery of deliveries) {
        if (delivery.endpointId === endpointId && delivery.state === 'pending') {
          delivery.state = 'failed';
          delivery.nextAttemptAt = null;
        }
      }
      wake();
    },
    saved: (): SavedDeliveries => ({ deliveries }),
    restore: (saved: SavedDeliveries | undefined) => {
      deliveries = saved?.deliveries ?? [];
      // What was still pending when the sandbox stopped goes out now.
      const waiting = deliveries.filter((delivery) => delivery.state === 'pending');
      for (const endpointId of new Set(waiting.map((delivery) => delivery.endpointId))) kick(endpointId);
    },
    reset: () => {
      held = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      deliveries = [];
      wake();
    },
    stop: () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      wake();
    },
  };
};

export type WebhookDeliveries = ReturnType<typeof createWebhookDeliveries>;
