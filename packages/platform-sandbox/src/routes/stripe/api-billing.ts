import { type ApiRoute, expander, listOf } from './api-route';
import {
  itemChangeOf,
  PRORATION_BEHAVIORS,
  registerProductApi,
  resetAnchorOf,
} from './api-subscription-items';
import { invalidParam, missingParam, noSuch } from './errors';
import { bool, expandOf, metadata, object, oneOf, only, str, stringList, url } from './params';
import { CANCEL_REASONS } from './portal-configuration-record';
import { portalConfigurationFor } from './portal-configurations';
import type { EndpointRecord, PortalRecord, SubscriptionRecord } from './records';
import type { StripeWorld } from './world';

/** Subscriptions, invoices, the customer portal, webhook endpoints and events. */

/** How long a portal link may wait before it is opened (Stripe's links are short-lived and single use). */
export const PORTAL_LINK_SECONDS = 5 * 60;
const EVENT_TYPE = /^(\*|[a-z_]+(\.[a-z_]+)+)$/;

export const registerBillingApi = (route: ApiRoute, world: StripeWorld) => {
  const { state, render } = world;
  const expand = expander(world);
  const idOf = (req: { params: unknown }) => (req.params as { id: string }).id;

  const subscription = (id: string): SubscriptionRecord => {
    const found = state.subscriptions.get(id);
    if (!found) throw noSuch('subscription', id);
    return found;
  };

  route('GET', '/subscriptions', ({ params }) => {
    only(params, [
      'customer',
      'status',
      'price',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
      'created',
    ]);
    const customer = str(params, 'customer');
    const status = oneOf(params, 'status', [
      'active',
      'all',
      'canceled',
      'ended',
      'incomplete',
      'incomplete_expired',
      'past_due',
      'paused',
      'trialing',
      'unpaid',
    ] as const);
    const found = [...state.subscriptions.values()].filter(
      (s) =>
        (!customer || s.customerId === customer) &&
        // Without a status Stripe lists every subscription that has not been canceled.
        (status === 'all' ||
          (status === 'ended'
            ? s.status === 'canceled'
            : status
              ? s.status === status
              : s.status !== 'canceled')),
    );
    return expand(listOf(found, params, '/v1/subscriptions', render.subscription), expandOf(params));
  });
  route('GET', '/subscriptions/:id', ({ params, req }) => {
    only(params, ['expand']);
    return expand(render.subscription(subscription(idOf(req))), expandOf(params));
  });
  /** cancellation_details { comment, feedback }, as update and cancel take it. */
  const cancellationOf = (params: Record<string, unknown>) => {
    const details = object(params as never, 'cancellation_details');
    if (!details) return {};
    only(details, ['comment', 'feedback'], 'cancellation_details');
    return {
      comment: str(details, 'comment', 'cancellation_details[comment]') || null,
      feedback: oneOf(details, 'feedback', CANCEL_REASONS, 'cancellation_details[feedback]') ?? null,
    };
  };

  route('POST', '/subscriptions/:id', ({ params, req, request }) => {
    only(
      params,
      [
        'cancel_at_period_end',
        'metadata',
        'cancellation_details',
        'expand',
        'items',
        'proration_behavior',
        'billing_cycle_anchor',
        'payment_behavior',
      ],
      '',
      ['trial_end', 'default_payment_method', 'pause_collection', 'cancel_at', 'coupon', 'discounts'],
    );
    const found = subscription(idOf(req));
    const prorationBehavior = oneOf(params, 'proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations';
    const paymentBehavior =
      oneOf(params, 'payment_behavior', [
        'allow_incomplete',
        'default_incomplete',
        'error_if_incomplete',
        'pending_if_incomplete',
      ] as const) ?? 'allow_incomplete';
    if (paymentBehavior === 'default_incomplete' || paymentBehavior === 'pending_if_incomplete')
      throw invalidParam(
        'payment_behavior',
        `The platform sandbox does not support payment_behavior=${paymentBehavior}; use allow_incomplete or error_if_incomplete.`,
      );
    const resetAnchor = resetAnchorOf(params);
    const itemChange = itemChangeOf(world, found, params);
    if (found.status === 'canceled' && (itemChange || resetAnchor))
      throw invalidParam(
        'items',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    if (itemChange || resetAnchor) {
      const current = state.prices.get(found.priceId);
      if (!current) throw noSuch('price', found.priceId);
      world.changeSubscriptionPrice(
        found.id,
        {
          price: itemChange?.price ?? current,
          quantity: itemChange?.quantity ?? found.quantity,
          prorationBehavior,
          resetAnchor,
          metadata: metadata(params, 'metadata', found.metadata),
          errorIfIncomplete: paymentBehavior === 'error_if_incomplete',
        },
        request,
      );
      if (params.cancel_at_period_end === undefined && params.cancellation_details === undefined)
        return expand(render.subscription(found), expandOf(params));
    }
    world.updateSubscription(
      found.id,
      {
        cancelAtPeriodEnd: bool(params, 'cancel_at_period_end'),
        metadata: metadata(params, 'metadata', found.metadata),
        ...cancellationOf(params),
      },
      request,
    );
    return expand(render.subscription(found), expandOf(params));
  });
  route('DELETE', '/subscriptions/:id', ({ params, req, request }) => {
    only(params, ['expand', 'cancellation_details'], '', ['invoice_now', 'prorate']);
    const found = subscription(idOf(req));
    if (found.status === 'canceled')
      throw invalidParam('id', `No such subscription: '${found.id}'`, 'resource_missing');
    const cancellation = cancellationOf(params);
    if (cancellation.comment !== undefined) {
      found.cancellationComment = cancellation.comment;
      found.cancellationFeedback = cancellation.feedback;
    }
    return expand(render.subscription(world.cancelSubscription(found.id, request)), expandOf(params));
  });

  registerProductApi(route, world);

  route('GET', '/invoices', ({ params }) => {
    only(params, [
      'customer',
      'subscription',
      'status',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
      'created',
    ]);
    const customer = str(params, 'customer');
    const sub = str(params, 'subscription');
    const status = str(params, 'status');
    const found = [...state.invoices.values()].filter(
      (i) =>
        (!customer || i.customerId === customer) &&
        (!sub || i.subscriptionId === sub) &&
        (!status || i.status === status),
    );
    return expand(listOf(found, params, '/v1/invoices', render.invoice), expandOf(params));
  });
  route('GET', '/invoices/:id', ({ params, req }) => {
    only(params, ['expand']);
    const found = state.invoices.get(idOf(req));
    if (!found) throw noSuch('invoice', idOf(req));
    return expand(render.invoice(found), expandOf(params));
  });

  route('POST', '/billing_portal/sessions', ({ params }) => {
    only(params, ['customer', 'return_url', 'locale', 'expand', 'configuration'], '', [
      'flow_data',
      'on_behalf_of',
    ]);
    const customerId = str(params, 'customer');
    if (!customerId) throw missingParam('customer');
    if (!state.customers.has(customerId)) throw noSuch('customer', customerId, 'customer');
    // Real Stripe refuses a session without a configuration until the account has a default one.
    const configuration = portalConfigurationFor(world, str(params, 'configuration') || undefined);
    const portal: PortalRecord = {
      id: world.newId('bps_'),
      created: world.unix(),
      customerId,
      returnUrl: url(params, 'return_url') ?? configuration.defaultReturnUrl,
      configurationId: configuration.id,
      token: null,
      expiresAt: world.unix() + PORTAL_LINK_SECONDS,
    };
    state.portals.set(portal.id, portal);
    return {
      id: portal.id,
      object: 'billing_portal.session',
      configuration: configuration.id,
      created: portal.created,
      customer: customerId,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: str(params, 'locale') ?? null,
      on_behalf_of: null,
      return_url: portal.returnUrl,
      url: `${world.ctx.publicUrl()}/stripe/portal/${portal.id}`,
    };
  });

  const events = (params: Record<string, unknown>, name = 'enabled_events'): string[] => {
    const list = stringList(params as never, name);
    if (!list || list.length === 0) throw missingParam(name);
    list.forEach((type, index) => {
      if (!EVENT_TYPE.test(type))
        throw invalidParam(`${name}[${index}]`, `Invalid ${name}[${index}]: ${type} is not an event type.`);
    });
    return list;
  };

  route('POST', '/webhook_endpoints', ({ params }) => {
    only(params, ['url', 'enabled_events', 'description', 'metadata', 'api_version', 'expand'], '', [
      'connect',
    ]);
    const target = url(params, 'url');
    if (!target) throw missingParam('url');
    const enabled = events(params);
    // The same URL registered again (another process of the app starting) is the same endpoint,
    // listening for what either asked for.
    const existing = [...state.endpoints.values()].find((endpoint) => endpoint.url === target);
    if (existing) {
      existing.enabled_events = [...new Set([...existing.enabled_events, ...enabled])];
      if (existing.enabled_events.includes('*')) existing.enabled_events = ['*'];
      return render.endpoint(existing, true);
    }
    const endpoint: EndpointRecord = {
      id: world.newId('we_'),
      url: target,
      secret: world.app().webhookSecret,
      enabled_events: enabled,
      status: 'enabled',
      created: world.unix(),
      description: str(params, 'description') || null,
      metadata: metadata(params) ?? {},
      // As Stripe: only `api_version` sets it (not the request's Stripe-Version); without it the endpoint
      // gets the account's default version, as one made in the Dashboard (api-versions.ts).
      apiVersion: str(params, 'api_version') || null,
    };
    state.endpoints.set(endpoint.id, endpoint);
    return render.endpoint(endpoint, true);
  });
  route('GET', '/webhook_endpoints', ({ params }) => {
    only(params, ['limit', 'starting_after', 'ending_before', 'expand']);
    return listOf([...state.endpoints.values()], params, '/v1/webhook_endpoints', (endpoint) =>
      render.endpoint(endpoint),
    );
  });
  const endpoint = (id: string): EndpointRecord => {
    const found = state.endpoints.get(id);
    if (!found) throw noSuch('webhook endpoint', id);
    return found;
  };
  route('GET', '/webhook_endpoints/:id', ({ params, req }) => {
    only(params, ['expand']);
    return expand(render.endpoint(endpoint(idOf(req))), expandOf(params));
  });
  route('POST', '/webhook_endpoints/:id', ({ params, req }) => {
    only(params, ['url', 'enabled_events', 'description', 'metadata', 'disabled', 'expand']);
    const found = endpoint(idOf(req));
    const target = url(params, 'url');
    if (target) found.url = target;
    if (params.enabled_events !== undefined) found.enabled_events = events(params);
    const disabled = bool(params, 'disabled');
    if (disabled !== undefined) found.status = disabled ? 'disabled' : 'enabled';
    if (params.description !== undefined) found.description = str(params, 'description') || null;
    found.metadata = metadata(params, 'metadata', found.metadata) ?? found.metadata;
    return expand(render.endpoint(found), expandOf(params));
  });
  route('DELETE', '/webhook_endpoints/:id', ({ params, req }) => {
    only(params, []);
    const found = endpoint(idOf(req));
    state.endpoints.delete(found.id);
    return { id: found.id, object: 'webhook_endpoint', deleted: true };
  });

  route('GET', '/events', ({ params }) => {
    only(params, ['type', 'types', 'limit', 'starting_after', 'ending_before', 'expand', 'created'], '', [
      'delivery_success',
    ]);
    const type = str(params, 'type');
    const types = stringList(params, 'types');
    const matching = state.events.filter(
      (event) =>
        (!type || (type.endsWith('*') ? event.type.startsWith(type.slice(0, -1)) : event.type === type)) &&
        (!types || types.includes(event.type)),
    );
    return listOf(
      matching,
      params,
      '/v1/events',
      (event) => structuredClone(event) as unknown as Record<string, unknown>,
    );
  });
  route('GET', '/events/:id', ({ params, req }) => {
    only(params, ['expand']);
    const found = state.events.find((event) => event.id === idOf(req));
    if (!found) throw noSuch('event', idOf(req));
    return expand(structuredClone(found) as unknown as Record<string, unknown>, expandOf(params));
  });
};
