import { type ApiRoute, expander, listOf } from './api-route';
import { deletedCustomer } from './customers-delete';
import { invalidParam, missingParam, noSuch, StripeRefusal } from './errors';
import type { ParamObject } from './form';
import { bool, expandOf, int, list, metadata, object, oneOf, only, requiredStr, str, url } from './params';
import type { CustomerRecord, Interval, PriceRecord, SessionRecord } from './records';
import type { StripeWorld } from './world';

/** Customers, Checkout sessions and what a payment leaves (payment intents, payment methods). */

const UI_MODES = ['elements', 'embedded_page', 'form', 'hosted_page'] as const;
const INTERVALS = ['day', 'week', 'month', 'year'] as const;
const MIN_EXPIRY_SECONDS = 30 * 60;
/** Stripe's ceilings: an amount of 8 digits in the smallest unit ($999,999.99), a quantity of 999,999. */
const MAX_AMOUNT = 99_999_999;
const MAX_QUANTITY = 999_999;
const MAX_EXPIRY_SECONDS = 24 * 3_600;

export const registerCheckoutApi = (route: ApiRoute, world: StripeWorld) => {
  const { state, render } = world;
  const expand = expander(world);

  const customer = (id: string, param = 'id'): CustomerRecord => {
    const found = state.customers.get(id);
    if (!found) throw noSuch('customer', id, param);
    return found;
  };

  route('POST', '/customers', ({ params }) => {
    only(params, ['email', 'name', 'description', 'metadata', 'expand', 'phone']);
    const created: CustomerRecord = {
      id: world.newId('cus_'),
      created: world.unix(),
      email: str(params, 'email') || null,
      name: str(params, 'name') || null,
      description: str(params, 'description') || null,
      metadata: metadata(params) ?? {},
      defaultPaymentMethod: null,
    };
    state.customers.set(created.id, created);
    world.emit('customer.created', render.customer(created));
    return expand(render.customer(created), expandOf(params));
  });

  route('GET', '/customers', ({ params }) => {
    only(params, ['email', 'limit', 'starting_after', 'ending_before', 'expand', 'created']);
    const email = str(params, 'email');
    // Stripe's e-mail filter is case-sensitive.
    const found = [...state.customers.values()].filter((c) => email === undefined || c.email === email);
    return expand(listOf(found, params, '/v1/customers', render.customer), expandOf(params));
  });

  route('GET', '/customers/:id', ({ params, req }) => {
    only(params, ['expand']);
    const id = (req.params as { id: string }).id;
    // A deleted customer still reads, as deleted (customers-delete.ts).
    if (state.deletedCustomers.has(id)) return deletedCustomer(id);
    return expand(render.customer(customer(id)), expandOf(params));
  });

  route('POST', '/customers/:id', ({ params, req }) => {
    only(params, ['email', 'name', 'description', 'metadata', 'expand']);
    const found = customer((req.params as { id: string }).id);
    const before = render.customer(found);
    if (params.email !== undefined) found.email = str(params, 'email') || null;
    if (params.name !== undefined) found.name = str(params, 'name') || null;
    if (params.description !== undefined) found.description = str(params, 'description') || null;
    found.metadata = metadata(params, 'metadata', found.metadata) ?? found.metadata;
    const after = render.customer(found);
    const previous = Object.fromEntries(
      Object.entries(before).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(after[key])),
    );
    if (Object.keys(previous).length) world.emit('customer.updated', after, previous);
    return expand(after, expandOf(params));
  });

  /** One line item with inline price_data (or a price made earlier by one), as Checkout takes it. */
  const lineItem = (raw: unknown, index: number): { price: PriceRecord; quantity: number } => {
    const name = `line_items[${index}]`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalidParam(name, 'Invalid hash');
    const item = raw as ParamObject;
    only(item, ['price', 'price_data', 'quantity'], name, [
      'adjustable_quantity',
      'dynamic_tax_rates',
      'tax_rates',
    ]);
    const quantity = int(item, 'quantity', `${name}[quantity]`);
    if (quantity === undefined) throw missingParam(`${name}[quantity]`);
    if (quantity < 1 || quantity > MAX_QUANTITY)
      throw invalidParam(`${name}[quantity]`, `Quantity must be between 1 and ${MAX_QUANTITY}.`);
    const priceId = str(item, 'price', `${name}[price]`);
    if (priceId) {
      const price = state.prices.get(priceId);
      if (!price) throw noSuch('price', priceId, `${name}[price]`);
      return { price, quantity };
    }
    const data = object(item, 'price_data', `${name}[price_data]`);
    if (!data) throw missingParam(`${name}[price_data]`);
    const dataName = `${name}[price_data]`;
    only(
      data,
      [
        'currency',
        'unit_amount',
        'unit_amount_decimal',
        'product_data',
        'product',
        'recurring',
        'tax_behavior',
      ],
      dataName,
    );
    const currency = requiredStr(data, 'currency', `${dataName}[currency]`).toLowerCase();
    if (!/^[a-z]{3}$/.test(currency))
      throw invalidParam(`${dataName}[currency]`, `Invalid currency: ${currency}`);
    const amount =
      int(data, 'unit_amount', `${dataName}[unit_amount]`) ??
      (() => {
        const decimal = str(data, 'unit_amount_decimal', `${dataName}[unit_amount_decimal]`);
        if (decimal === undefined) throw missingParam(`${dataName}[unit_amount]`);
        if (!/^\d+$/.test(decimal))
          throw invalidParam(`${dataName}[unit_amount_decimal]`, 'The sandbox takes whole amounts only.');
        return Number(decimal);
      })();
    if (amount < 0)
      throw invalidParam(`${dataName}[unit_amount]`, 'This value must be greater than or equal to 0.');
    if (amount > MAX_AMOUNT)
      throw invalidParam(
        `${dataName}[unit_amount]`,
        `This value must be less than or equal to ${MAX_AMOUNT}.`,
      );
    let productName: string;
    let productId: string;
    const productRef = str(data, 'product', `${dataName}[product]`);
    if (productRef) {
      const known = [...state.prices.values()].find((price) => price.productId === productRef);
      if (!known) throw noSuch('product', productRef, `${dataName}[product]`);
      productName = known.productName;
      productId = productRef;
    } else {
      const product = object(data, 'product_data', `${dataName}[product_data]`);
      if (!product) throw missingParam(`${dataName}[product_data]`);
      only(
        product,
        ['name', 'description', 'metadata', 'images', 'tax_code', 'unit_label'],
        `${dataName}[product_data]`,
      );
      productName = requiredStr(product, 'name', `${dataName}[product_data][name]`);
      productId = world.newId('prod_');
    }
    const recurring = object(data, 'recurring', `${dataName}[recurring]`);
    let interval: Interval | null = null;
    let intervalCount = 1;
    if (recurring) {
      only(recurring, ['interval', 'interval_count'], `${dataName}[recurring]`);
      interval = oneOf(recurring, 'interval', INTERVALS, `${dataName}[recurring][interval]`) ?? null;
      if (!interval) throw missingParam(`${dataName}[recurring][interval]`);
      intervalCount = int(recurring, 'interval_count', `${dataName}[recurring][interval_count]`) ?? 1;
      if (intervalCount < 1)
        throw invalidParam(`${dataName}[recurring][interval_count]`, 'interval_count must be at least 1.');
    }
    const price: PriceRecord = {
      id: world.newId('price_'),
      productId,
      productName,
      created: world.unix(),
      currency,
      unitAmount: amount,
      interval,
      intervalCount,
    };
    return { price, quantity };
  };

  route('POST', '/checkout/sessions', ({ params }) => {
    only(
      params,
      [
        'mode',
        'ui_mode',
        'line_items',
        'customer',
        'customer_email',
        'customer_creation',
        'client_reference_id',
        'metadata',
        'subscription_data',
        'payment_intent_data',
        'invoice_creation',
        'return_url',
        'success_url',
        'cancel_url',
        'redirect_on_completion',
        'expires_at',
        'expand',
        'locale',
        'payment_method_types',
      ],
      '',
      [
        'discounts',
        'allow_promotion_codes',
        'automatic_tax',
        'shipping_address_collection',
        'tax_id_collection',
        'consent_collection',
        'custom_fields',
        'phone_number_collection',
        'setup_intent_data',
        'saved_payment_method_options',
        'customer_update',
        'payment_method_collection',
        'billing_address_collection',
        'submit_type',
      ],
    );
    const mode = oneOf(params, 'mode', ['payment', 'setup', 'subscription'] as const);
    if (!mode) throw missingParam('mode');
    if (mode === 'setup')
      throw invalidParam(
        'mode',
        'The platform sandbox plays Checkout in payment and subscription mode only.',
      );
    const uiMode = oneOf(params, 'ui_mode', UI_MODES) ?? 'hosted_page';
    if (uiMode === 'elements' || uiMode === 'form')
      throw invalidParam(
        'ui_mode',
        `The platform sandbox plays Checkout with ui_mode embedded_page or hosted_page, not ${uiMode}.`,
      );
    const methods = list(params, 'payment_method_types');
    if (methods?.some((method) => method !== 'card'))
      throw invalidParam(
        'payment_method_types',
        'The platform sandbox takes cards only (payment_method_types[]=card).',
      );
    const rawItems = list(params, 'line_items');
    if (!rawItems || rawItems.length === 0) throw missingParam('line_items');
    const items = rawItems.map(lineItem);
    const currency = items[0]?.price.currency ?? 'usd';
    items.forEach((item, index) => {
      if (item.price.currency !== currency)
        throw invalidParam(
          `line_items[${index}]`,
          'All prices on a Checkout Session must have the same currency.',
        );
    });
    const recurring = items.filter((item) => item.price.interval);
    if (mode === 'payment' && recurring.length)
      throw invalidParam(
        'line_items',
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      );
    if (mode === 'subscription' && recurring.length === 0)
      throw invalidParam(
        'line_items',
        'You must provide at least one recurring price in `subscription` mode when using prices.',
      );
    if (mode === 'subscription' && items.length > 1)
      throw invalidParam('line_items', 'The platform sandbox plays subscriptions of one line item.');

    const customerId = str(params, 'customer') || null;
    const customerEmail = str(params, 'customer_email') || null;
    if (customerId && customerEmail)
      throw invalidParam(
        'customer_email',
        'You may only specify one of these parameters: customer, customer_email.',
      );
    if (customerId) customer(customerId, 'customer');
    if (customerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail))
      throw invalidParam('customer_email', `Invalid email address: ${customerEmail}`, 'email_invalid');
    const customerCreation = oneOf(params, 'customer_creation', ['always', 'if_required'] as const) ?? null;
    if (customerCreation && mode !== 'payment')
      throw invalidParam('customer_creation', '`customer_creation` can only be used in `payment` mode.');
    const clientReferenceId = str(params, 'client_reference_id') || null;
    if (clientReferenceId && clientReferenceId.length > 200)
      throw invalidParam('client_reference_id', 'client_reference_id must be at most 200 characters.');

    const subscriptionData = object(params, 'subscription_data');
    if (subscriptionData) {
      if (mode !== 'subscription')
        throw invalidParam(
          'subscription_data',
          '`subscription_data` can only be used in `subscription` mode.',
        );
      only(subscriptionData, ['metadata', 'description'], 'subscription_data', [
        'trial_period_days',
        'trial_end',
        'billing_cycle_anchor',
        'default_tax_rates',
        'application_fee_percent',
        'trial_settings',
        'proration_behavior',
        'on_behalf_of',
        'transfer_data',
        'invoice_settings',
      ]);
    }
    const intentData = object(params, 'payment_intent_data');
    if (intentData) {
      if (mode !== 'payment')
        throw invalidParam(
          'payment_intent_data',
          '`payment_intent_data` can only be used in `payment` mode.',
        );
      only(intentData, ['metadata', 'description'], 'payment_intent_data', [
        'capture_method',
        'setup_future_usage',
        'application_fee_amount',
        'on_behalf_of',
        'transfer_data',
        'statement_descriptor',
        'receipt_email',
        'shipping',
      ]);
    }

    const invoiceCreation = object(params, 'invoice_creation');
    let invoiceData: ParamObject | undefined;
    if (invoiceCreation) {
      if (mode !== 'payment')
        throw invalidParam(
          'invoice_creation',
          '`invoice_creation` can only be used in `payment` mode. Subscriptions are invoiced already.',
        );
      only(invoiceCreation, ['enabled', 'invoice_data'], 'invoice_creation');
      if (bool(invoiceCreation, 'enabled', 'invoice_creation[enabled]') === undefined)
        throw missingParam('invoice_creation[enabled]');
      invoiceData = object(invoiceCreation, 'invoice_data', 'invoice_creation[invoice_data]');
      if (invoiceData)
        only(invoiceData, ['description', 'footer', 'metadata'], 'invoice_creation[invoice_data]', [
          'account_tax_ids',
          'custom_fields',
          'issuer',
          'rendering_options',
        ]);
      const description =
        invoiceData && str(invoiceData, 'description', 'invoice_creation[invoice_data][description]');
      if (description && description.length > 1500)
        throw invalidParam(
          'invoice_creation[invoice_data][description]',
          'Invoice descriptions must be at most 1500 characters.',
        );
    }

    const redirect =
      oneOf(params, 'redirect_on_completion', ['always', 'if_required', 'never'] as const) ?? null;
    const returnUrl = url(params, 'return_url') ?? null;
    const successUrl = url(params, 'success_url') ?? null;
    const cancelUrl = url(params, 'cancel_url') ?? null;
    if (uiMode === 'embedded_page') {
      if (successUrl)
        throw invalidParam(
          'success_url',
          'You cannot specify `success_url` when `ui_mode` is `embedded_page`. Use `return_url` instead.',
        );
      if (cancelUrl)
        throw invalidParam(
          'cancel_url',
          'You cannot specify `cancel_url` when `ui_mode` is `embedded_page`.',
        );
      if (redirect === 'never' && returnUrl)
        throw invalidParam(
          'return_url',
          '`return_url` cannot be used when `redirect_on_completion` is `never`.',
        );
      if (redirect !== 'never' && !returnUrl) throw missingParam('return_url');
    } else {
      if (returnUrl)
        throw invalidParam(
          'return_url',
          '`return_url` can only be used when `ui_mode` is `embedded_page`. Use `success_url` instead.',
        );
      if (redirect)
        throw invalidParam(
          'redirect_on_completion',
          '`redirect_on_completion` can only be used when `ui_mode` is `embedded_page`.',
        );
    }

    const now = world.unix();
    const expiresAt = int(params, 'expires_at') ?? now + MAX_EXPIRY_SECONDS;
    if (expiresAt < now + MIN_EXPIRY_SECONDS || expiresAt > now + MAX_EXPIRY_SECONDS)
      throw invalidParam(
        'expires_at',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from the Checkout Session creation.',
      );

    const total = items.reduce((sum, item) => sum + item.price.unitAmount * item.quantity, 0);
    if (total > MAX_AMOUNT)
      throw invalidParam(
        'line_items',
        `The Checkout Session's total amount due must be no more than ${MAX_AMOUNT}.`,
      );
    const id = world.newId('cs_test_');
    for (const item of items) state.prices.set(item.price.id, item.price);
    const session: SessionRecord = {
      id,
      created: now,
      clientSecret: `${id}_secret_${world.newId('')}`,
      mode,
      uiMode,
      status: 'open',
      paymentStatus: 'unpaid',
      items: items.map((item) => ({
        id: world.newId('li_'),
        priceId: item.price.id,
        quantity: item.quantity,
      })),
      currency,
      amountTotal: total,
      customerId,
      customerEmail,
      customerDetails: null,
      clientReferenceId,
      metadata: metadata(params) ?? {},
      subscriptionMetadata:
        (subscriptionData && metadata(subscriptionData, 'metadata', {}, 'subscription_data[metadata]')) ?? {},
      paymentIntentMetadata:
        (intentData && metadata(intentData, 'metadata', {}, 'payment_intent_data[metadata]')) ?? {},
      returnUrl: returnUrl?.replace(/\{CHECKOUT_SESSION_ID\}/g, id) ?? null,
      successUrl: successUrl?.replace(/\{CHECKOUT_SESSION_ID\}/g, id) ?? null,
      cancelUrl,
      redirectOnCompletion: uiMode === 'embedded_page' ? (redirect ?? 'always') : null,
      customerCreation: mode === 'payment' ? (customerCreation ?? 'if_required') : null,
      expiresAt,
      subscriptionId: null,
      paymentIntentId: null,
      invoiceId: null,
      invoiceCreation:
        mode === 'payment' && invoiceCreation
          ? {
              enabled: bool(invoiceCreation, 'enabled') === true,
              description:
                (invoiceData &&
                  str(invoiceData, 'description', 'invoice_creation[invoice_data][description]')) ||
                null,
              footer:
                (invoiceData && str(invoiceData, 'footer', 'invoice_creation[invoice_data][footer]')) || null,
              metadata:
                (invoiceData &&
                  metadata(invoiceData, 'metadata', {}, 'invoice_creation[invoice_data][metadata]')) ??
                {},
            }
          : null,
    };
    state.sessions.set(id, session);
    return expand(render.session(session), expandOf(params));
  });

  const session = (id: string): SessionRecord => {
    const found = state.sessions.get(id);
    if (!found) throw noSuch('checkout.session', id);
    return found;
  };

  route('GET', '/checkout/sessions', ({ params }) => {
    only(params, [
      'customer',
      'status',
      'payment_intent',
      'subscription',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
      'created',
    ]);
    const customerId = str(params, 'customer');
    const status = oneOf(params, 'status', ['open', 'complete', 'expired'] as const);
    const subscription = str(params, 'subscription');
    const found = [...state.sessions.values()].filter(
      (s) =>
        (!customerId || s.customerId === customerId) &&
        (!status || s.status === status) &&
        (!subscription || s.subscriptionId === subscription),
    );
    return expand(listOf(found, params, '/v1/checkout/sessions', render.session), expandOf(params));
  });
  route('GET', '/checkout/sessions/:id', ({ params, req }) => {
    only(params, ['expand']);
    return expand(render.session(session((req.params as { id: string }).id)), expandOf(params));
  });
  route('GET', '/checkout/sessions/:id/line_items', ({ params, req }) => {
    only(params, ['limit', 'expand'], '', ['starting_after', 'ending_before']);
    const items = render.lineItems(session((req.params as { id: string }).id));
    const limit = int(params, 'limit') ?? 10;
    if (limit < 1 || limit > 100)
      throw invalidParam(
        'limit',
        'Invalid integer: limit must be between 1 and 100',
        'parameter_invalid_integer',
      );
    const data = items.data as unknown[];
    return { ...items, data: data.slice(0, limit), has_more: data.length > limit };
  });
  route('POST', '/checkout/sessions/:id/expire', ({ params, req, request }) => {
    only(params, ['expand']);
    const found = session((req.params as { id: string }).id);
    if (found.status !== 'open')
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${found.status}".`,
        undefined,
        'session',
      );
    return expand(render.session(world.expireSession(found.id, request)), expandOf(params));
  });

  route('GET', '/payment_intents/:id', ({ params, req }) => {
    only(params, ['expand', 'client_secret']);
    const id = (req.params as { id: string }).id;
    const found = state.paymentIntents.get(id);
    if (!found) throw noSuch('payment_intent', id);
    return expand(render.paymentIntent(found), expandOf(params));
  });
  route('GET', '/payment_methods/:id', ({ params, req }) => {
    only(params, ['expand']);
    const id = (req.params as { id: string }).id;
    const found = state.paymentMethods.get(id);
    if (!found) throw noSuch('payment_method', id);
    return expand(render.paymentMethod(found), expandOf(params));
  });
};
