import type { Metadata } from './params';

/**
 * Customer portal configurations as the Stripe world keeps them: the record, how it is rendered, and the
 * default the Dashboard saves. The API that makes and changes them is portal-configurations.ts.
 */

/** Stripe's cancellation feedback values: a portal's reasons, and a cancellation's `feedback`. */
export const CANCEL_REASONS = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
] as const;

export type PortalFeatures = {
  customerUpdate: { enabled: boolean; allowedUpdates: string[] };
  invoiceHistory: boolean;
  paymentMethodUpdate: boolean;
  subscriptionCancel: {
    enabled: boolean;
    mode: 'at_period_end' | 'immediately';
    reasons: { enabled: boolean; options: string[] };
  };
};

export type PortalConfigurationRecord = {
  id: string;
  created: number;
  updated: number;
  active: boolean;
  isDefault: boolean;
  name: string | null;
  defaultReturnUrl: string | null;
  metadata: Metadata;
  features: PortalFeatures;
};

/** Stripe's words when a session names no configuration and the account has no default. */
export const NO_PORTAL_CONFIGURATION =
  'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.';

/** What saving the portal settings in the Dashboard makes: Stripe's defaults. */
const DASHBOARD_FEATURES: PortalFeatures = {
  customerUpdate: { enabled: true, allowedUpdates: ['email', 'address'] },
  invoiceHistory: true,
  paymentMethodUpdate: true,
  subscriptionCancel: {
    enabled: true,
    mode: 'at_period_end',
    reasons: { enabled: true, options: [...CANCEL_REASONS] },
  },
};

export const renderPortalConfiguration = (c: PortalConfigurationRecord): Record<string, unknown> => ({
  id: c.id,
  object: 'billing_portal.configuration',
  active: c.active,
  application: null,
  business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
  created: c.created,
  default_return_url: c.defaultReturnUrl,
  features: {
    customer_update: {
      allowed_updates: [...c.features.customerUpdate.allowedUpdates],
      enabled: c.features.customerUpdate.enabled,
    },
    invoice_history: { enabled: c.features.invoiceHistory },
    payment_method_update: { enabled: c.features.paymentMethodUpdate, payment_method_configuration: null },
    subscription_cancel: {
      cancellation_reason: {
        enabled: c.features.subscriptionCancel.reasons.enabled,
        options: [...c.features.subscriptionCancel.reasons.options],
      },
      enabled: c.features.subscriptionCancel.enabled,
      mode: c.features.subscriptionCancel.mode,
      proration_behavior: 'none',
    },
    subscription_pause: { enabled: false },
    subscription_update: {
      billing_cycle_anchor: null,
      default_allowed_updates: [],
      enabled: false,
      products: [],
      proration_behavior: 'none',
      schedule_at_period_end: { conditions: [] },
      trial_update_behavior: 'end_trial',
    },
  },
  is_default: c.isDefault,
  livemode: false,
  login_page: { enabled: false, url: null },
  metadata: { ...c.metadata },
  name: c.name,
  updated: c.updated,
});

/**
 * The part of the Stripe world a configuration is kept in (the world passes itself): named here rather
 * than imported, as the world (world.ts) imports this file.
 */
type PortalConfigurationStore = {
  state: { portalConfigurations: Map<string, PortalConfigurationRecord> };
  newId: (prefix: string) => string;
  unix: () => number;
};

/** What saving the portal settings in the Dashboard does: the account's default configuration. */
export const saveDefaultPortalConfiguration = (world: PortalConfigurationStore): Record<string, unknown> => {
  const existing = [...world.state.portalConfigurations.values()].find((c) => c.isDefault);
  if (existing) return renderPortalConfiguration(existing);
  const made: PortalConfigurationRecord = {
    id: world.newId('bpc_'),
    created: world.unix(),
    updated: world.unix(),
    active: true,
    isDefault: true,
    name: null,
    defaultReturnUrl: null,
    metadata: {},
    features: structuredClone(DASHBOARD_FEATURES),
  };
  world.state.portalConfigurations.set(made.id, made);
  return renderPortalConfiguration(made);
};
