import type { ApiRoute } from './api-route';
import { listOf } from './api-route';
import { invalidParam, missingParam, noSuch, StripeRefusal } from './errors';
import type { ParamObject } from './form';
import { bool, expandOf, metadata, object, oneOf, only, str, stringList, url } from './params';
import {
  CANCEL_REASONS,
  NO_PORTAL_CONFIGURATION,
  type PortalConfigurationRecord,
  type PortalFeatures,
  renderPortalConfiguration,
} from './portal-configuration-record';
import type { StripeWorld } from './world';

/**
 * Customer portal configurations (/v1/billing_portal/configurations), as Stripe keeps them: a portal
 * session needs one. A fresh account has none until someone saves the portal settings in the Dashboard
 * (which makes the default) or one is made through the API (never the default, so sessions name it).
 */

const CUSTOMER_UPDATES = ['address', 'email', 'name', 'phone', 'shipping', 'tax_id'] as const;

const NO_FEATURES: PortalFeatures = {
  customerUpdate: { enabled: false, allowedUpdates: [] },
  invoiceHistory: false,
  paymentMethodUpdate: false,
  subscriptionCancel: { enabled: false, mode: 'at_period_end', reasons: { enabled: false, options: [] } },
};

const enabledOf = (params: ParamObject, name: string): boolean => {
  const value = bool(params, 'enabled', `${name}[enabled]`);
  if (value === undefined) throw missingParam(`${name}[enabled]`);
  return value;
};

/** `features` as create and update take it; what the sandbox's portal does not play is refused. */
const featuresOf = (params: ParamObject, current: PortalFeatures): PortalFeatures => {
  const given = object(params, 'features');
  if (!given) return current;
  only(
    given,
    [
      'customer_update',
      'invoice_history',
      'payment_method_update',
      'subscription_cancel',
      'subscription_update',
    ],
    'features',
    ['subscription_pause'],
  );
  const next: PortalFeatures = structuredClone(current);
  const customer = object(given, 'customer_update', 'features[customer_update]');
  if (customer) {
    only(customer, ['enabled', 'allowed_updates'], 'features[customer_update]');
    next.customerUpdate.enabled = enabledOf(customer, 'features[customer_update]');
    const allowed = stringList(customer, 'allowed_updates', 'features[customer_update][allowed_updates]');
    allowed?.forEach((item, index) => {
      if (!(CUSTOMER_UPDATES as readonly string[]).includes(item))
        throw invalidParam(
          `features[customer_update][allowed_updates][${index}]`,
          `Invalid features[customer_update][allowed_updates][${index}]: must be one of ${CUSTOMER_UPDATES.join(', ')}`,
        );
    });
    if (allowed) next.customerUpdate.allowedUpdates = allowed;
  }
  for (const [key, field] of [
    ['invoice_history', 'invoiceHistory'],
    ['payment_method_update', 'paymentMethodUpdate'],
  ] as const) {
    const feature = object(given, key, `features[${key}]`);
    if (!feature) continue;
    only(feature, ['enabled'], `features[${key}]`, ['payment_method_configuration']);
    next[field] = enabledOf(feature, `features[${key}]`);
  }
  const cancel = object(given, 'subscription_cancel', 'features[subscription_cancel]');
  if (cancel) {
    const name = 'features[subscription_cancel]';
    only(cancel, ['enabled', 'mode', 'cancellation_reason', 'proration_behavior'], name);
    next.subscriptionCancel.enabled = enabledOf(cancel, name);
    const mode = oneOf(cancel, 'mode', ['at_period_end', 'immediately'] as const, `${name}[mode]`);
    if (mode === 'immediately')
      throw invalidParam(
        `${name}[mode]`,
        'The platform sandbox’s portal cancels at the period’s end only; use mode=at_period_end.',
      );
    if (mode) next.subscriptionCancel.mode = mode;
    const reason = object(cancel, 'cancellation_reason', `${name}[cancellation_reason]`);
    if (reason) {
      only(reason, ['enabled', 'options'], `${name}[cancellation_reason]`);
      const options = stringList(reason, 'options', `${name}[cancellation_reason][options]`) ?? [];
      options.forEach((option, index) => {
        if (!(CANCEL_REASONS as readonly string[]).includes(option))
          throw invalidParam(
            `${name}[cancellation_reason][options][${index}]`,
            `Invalid ${name}[cancellation_reason][options][${index}]: must be one of ${CANCEL_REASONS.join(', ')}`,
          );
      });
      next.subscriptionCancel.reasons = {
        enabled: enabledOf(reason, `${name}[cancellation_reason]`),
        options,
      };
    }
  }
  const update = object(given, 'subscription_update', 'features[subscription_update]');
  if (update && enabledOf(update, 'features[subscription_update]'))
    // Switching needs Prices the configuration lists; the sandbox's portal switches nothing.
    throw invalidParam(
      'features[subscription_update][enabled]',
      'The platform sandbox’s portal does not switch plans; leave subscription_update disabled.',
    );
  return next;
};

/**
 * The configuration a portal session opens with: the one named (which must exist and be active), else
 * the account's default; without either Stripe refuses the session.
 */
export const portalConfigurationFor = (
  world: StripeWorld,
  requested: string | undefined,
): PortalConfigurationRecord => {
  const configurations = world.state.portalConfigurations;
  if (requested) {
    const found = configurations.get(requested);
    if (!found) throw noSuch('configuration', requested, 'configuration');
    if (!found.active) throw invalidParam('configuration', `The configuration ${requested} is not active.`);
    return found;
  }
  const fallback = [...configurations.values()].find((c) => c.isDefault && c.active);
  if (!fallback) throw new StripeRefusal(400, 'invalid_request_error', NO_PORTAL_CONFIGURATION);
  return fallback;
};

export const registerPortalConfigurationApi = (route: ApiRoute, world: StripeWorld) => {
  const idOf = (req: { params: unknown }) => (req.params as { id: string }).id;
  const configuration = (id: string) => {
    const found = world.state.portalConfigurations.get(id);
    if (!found) throw noSuch('configuration', id);
    return found;
  };
  const allowed = ['features', 'default_return_url', 'metadata', 'name', 'expand'];
  // Known to Stripe, not played by the sandbox's portal: refused rather than ignored.
  const unsupported = ['login_page', 'business_profile'];

  route('POST', '/billing_portal/configurations', ({ params }) => {
    only(params, allowed, '', unsupported);
    if (!object(params, 'features')) throw missingParam('features');
    const made: PortalConfigurationRecord = {
      id: world.newId('bpc_'),
      created: world.unix(),
      updated: world.unix(),
      active: true,
      // Only the Dashboard makes the default; one made through the API is named by the sessions.
      isDefault: false,
      name: str(params, 'name') || null,
      defaultReturnUrl: url(params, 'default_return_url') ?? null,
      metadata: metadata(params) ?? {},
      features: featuresOf(params, NO_FEATURES),
    };
    world.state.portalConfigurations.set(made.id, made);
    return renderPortalConfiguration(made);
  });
  route('GET', '/billing_portal/configurations', ({ params }) => {
    only(params, ['active', 'is_default', 'limit', 'starting_after', 'ending_before', 'expand']);
    const active = bool(params, 'active');
    const isDefault = bool(params, 'is_default');
    const found = [...world.state.portalConfigurations.values()].filter(
      (c) =>
        (active === undefined || c.active === active) &&
        (isDefault === undefined || c.isDefault === isDefault),
    );
    return listOf(found, params, '/v1/billing_portal/configurations', renderPortalConfiguration);
  });
  route('GET', '/billing_portal/configurations/:id', ({ params, req }) => {
    only(params, ['expand']);
    expandOf(params);
    return renderPortalConfiguration(configuration(idOf(req)));
  });
  route('POST', '/billing_portal/configurations/:id', ({ params, req }) => {
    only(params, [...allowed, 'active'], '', unsupported);
    const found = configuration(idOf(req));
    const active = bool(params, 'active');
    if (active === false && found.isDefault)
      throw invalidParam('active', 'The default configuration cannot be deactivated.');
    if (active !== undefined) found.active = active;
    found.features = featuresOf(params, found.features);
    if (params.name !== undefined) found.name = str(params, 'name') || null;
    if (params.default_return_url !== undefined)
      found.defaultReturnUrl = url(params, 'default_return_url') ?? null;
    found.metadata = metadata(params, 'metadata', found.metadata) ?? found.metadata;
    found.updated = world.unix();
    return renderPortalConfiguration(found);
  });
};
