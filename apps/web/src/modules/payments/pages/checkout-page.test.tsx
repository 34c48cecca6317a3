import type { TCheckoutSessionResponse } from '@sales-assist/contract';
import type { StripeConstructor, StripeEmbeddedCheckoutOptions } from '@stripe/stripe-js';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { CheckoutPage } from './checkout-page';

const aCheckout = (changes: Partial<TCheckoutSessionResponse> = {}): TCheckoutSessionResponse => ({
  id: 'cs_test_1',
  client_secret: 'cs_test_1_secret_abc',
  publishable_key: 'pk_test_sandbox',
  script_url: 'http://127.0.0.1:4710/stripe/v3/stripe.js',
  status: 'open',
  description: 'Premium plan, billed monthly',
  amount_cents: 4_900,
  currency: 'usd',
  ...changes,
});

/** Stands in for Stripe.js on the page: records the key, the options and the mounted element. */
const fakeStripe = () => {
  const mount = vi.fn();
  const destroy = vi.fn();
  const created: { key: string; options: StripeEmbeddedCheckoutOptions }[] = [];
  const Stripe = vi.fn((key: string) => ({
    createEmbeddedCheckoutPage: async (options: StripeEmbeddedCheckoutOptions) => {
      created.push({ key, options });
      return { mount, unmount: vi.fn(), destroy };
    },
  }));
  window.Stripe = Stripe as unknown as StripeConstructor;
  return { mount, destroy, created };
};

const renderWithAppAt = (path: string) => renderWithApp(<CheckoutPage />, { path, route: '/checkout/:id' });

describe('the checkout page', () => {
  beforeEach(() => sessionStore.set(SESSION));
  afterEach(() => {
    delete window.Stripe;
  });

  it('mounts the embedded Checkout with the session key and secret, with the order beside it', async () => {
    const stripe = fakeStripe();
    vi.stubGlobal('fetch', stubApi({ 'GET /api/checkout/cs_test_1': { body: aCheckout() } }).fetch);
    const { unmount } = renderWithAppAt('/checkout/cs_test_1');
    expect(screen.getByRole('status', { name: 'Loading the payment' })).toBeInTheDocument();
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Premium plan, billed monthly')).toBeInTheDocument();
    expect(within(summary).getByText('$49')).toBeInTheDocument();
    await waitFor(() => expect(stripe.mount).toHaveBeenCalledWith(screen.getByTestId('embedded-checkout')));
    expect(stripe.created).toHaveLength(1);
    expect(stripe.created[0]?.key).toBe('pk_test_sandbox');
    await expect(stripe.created[0]?.options.fetchClientSecret?.()).resolves.toBe('cs_test_1_secret_abc');
    expect(screen.queryByText('Loading the secure payment form…')).not.toBeInTheDocument();
    unmount();
    await waitFor(() => expect(stripe.destroy).toHaveBeenCalled());
  });

  it('says a completed session is paid and links to its receipt', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({ 'GET /api/checkout/cs_test_1': { body: aCheckout({ status: 'complete' }) } }).fetch,
    );
    renderWithAppAt('/checkout/cs_test_1');
    expect(await screen.findByText('This payment is complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your receipt' })).toHaveAttribute(
      'href',
      '/payment/success/cs_test_1',
    );
  });

  it('says an expired session has expired, with a way back to pricing', async () => {
    const stripe = fakeStripe();
    vi.stubGlobal(
      'fetch',
      stubApi({ 'GET /api/checkout/cs_test_1': { body: aCheckout({ status: 'expired' }) } }).fetch,
    );
    renderWithAppAt('/checkout/cs_test_1');
    expect(await screen.findByText('This checkout has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose again' })).toHaveAttribute('href', '/pricing');
    expect(stripe.created).toHaveLength(0);
  });

  it("answers another user's session with the not-found message", async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/checkout/cs_test_1': {
          status: 404,
          body: { error: 'not_found', message: 'Payment session not found' },
        },
      }).fetch,
    );
    renderWithAppAt('/checkout/cs_test_1');
    expect(await screen.findByText('Payment session not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('offers to try again when Stripe.js cannot be loaded', async () => {
    vi.stubGlobal('fetch', stubApi({ 'GET /api/checkout/cs_test_1': { body: aCheckout() } }).fetch);
    renderWithAppAt('/checkout/cs_test_1');
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>(
        'script[src="http://127.0.0.1:4710/stripe/v3/stripe.js"]',
      );
      if (!found) throw new Error('no script yet');
      return found;
    });
    script.dispatchEvent(new Event('error'));
    expect(await screen.findByText('The payment form did not load')).toBeInTheDocument();
    expect(document.head.querySelector('script[src*="stripe.js"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
