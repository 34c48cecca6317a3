import type Stripe from 'stripe';

/** Marks the portal configuration the app made, so every process and every start finds the same one. */
const MADE_BY = { key: 'made_by', value: 'sales-assist' } as const;

/**
 * What the app's portal offers when the account has no default configuration: cancel at the period's end
 * (with a reason), update the card, the invoices. No switch of plan: Checkout prices inline, and the
 * portal only switches between Prices its configuration lists (the app switches: change-subscription.ts).
 */
const configurationFor = (appOrigin: string): Stripe.BillingPortal.ConfigurationCreateParams => ({
  name: 'Sales Assist',
  default_return_url: `${appOrigin}/plan`,
  features: {
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true },
    subscription_cancel: {
      enabled: true,
      mode: 'at_period_end',
      cancellation_reason: {
        enabled: true,
        options: ['too_expensive', 'missing_features', 'unused', 'switched_service', 'other'],
      },
    },
    subscription_update: { enabled: false },
  },
  metadata: { [MADE_BY.key]: MADE_BY.value },
});

/** Per Stripe client: resolved once per process (undefined: the account's default configuration). */
const resolved = new WeakMap<Stripe, { configuration: string | undefined }>();

/**
 * The configuration a portal session is opened with. Real Stripe refuses a session without one until
 * someone saves the portal settings in the Dashboard ("No configuration provided and your test mode
 * default configuration has not been created…"). The account's default is used when there is one (the
 * operator's choice); else the app's own, found by its metadata or made now through the API.
 */
export const portalConfigurationOf = async (
  stripe: Stripe,
  appOrigin: string,
): Promise<string | undefined> => {
  const known = resolved.get(stripe);
  if (known) return known.configuration;
  let ours: string | undefined;
  let hasDefault = false;
  for await (const configuration of stripe.billingPortal.configurations.list({ active: true, limit: 100 })) {
    if (configuration.is_default) hasDefault = true;
    if (!ours && configuration.metadata?.[MADE_BY.key] === MADE_BY.value) ours = configuration.id;
  }
  const configuration = hasDefault
    ? undefined
    : (ours ??
      (
        await stripe.billingPortal.configurations.create(configurationFor(appOrigin), {
          // Two processes making it at once make one.
          idempotencyKey: `portal-configuration-${MADE_BY.value}`,
        })
      ).id);
  resolved.set(stripe, { configuration });
  return configuration;
};

/** After a refused session: look again next time (the default or ours may have been deactivated). */
export const forgetPortalConfiguration = (stripe: Stripe): void => {
  resolved.delete(stripe);
};
