import type { StripeConstructor, StripeEmbeddedCheckoutOptions } from '@stripe/stripe-js';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { EmbeddedCheckout } from './embedded-checkout';

/**
 * Stripe.js as Stripe plays it: one embedded Checkout per page until the previous one is destroyed.
 * The first creation waits for `release` (Stripe still fetching the session while the page changes).
 */
const strictStripe = () => {
  const events: string[] = [];
  let live = false;
  let made = 0;
  let release: () => void = () => undefined;
  const firstAnswer = new Promise<void>((resolve) => {
    release = resolve;
  });
  window.Stripe = vi.fn(() => ({
    createEmbeddedCheckoutPage: async (options: StripeEmbeddedCheckoutOptions) => {
      if (live) throw new Error('IntegrationError: You cannot have multiple embedded checkout items.');
      live = true;
      const n = ++made;
      events.push(`create ${n} ${await options.fetchClientSecret?.()}`);
      if (n === 1) await firstAnswer;
      return {
        mount: () => events.push(`mount ${n}`),
        unmount: () => undefined,
        destroy: () => {
          live = false;
          events.push(`destroy ${n}`);
        },
      };
    },
  })) as unknown as StripeConstructor;
  return { events, release: () => release() };
};

const props = (secret: string) => ({
  scriptUrl: 'http://127.0.0.1:4710/stripe/v3/stripe.js',
  publishableKey: 'pk_test_sandbox',
  clientSecret: secret,
});

describe('EmbeddedCheckout', () => {
  afterEach(() => {
    delete window.Stripe;
  });

  it('starts a new Checkout only once the one still being created is destroyed', async () => {
    const stripe = strictStripe();
    const first = renderWithApp(<EmbeddedCheckout {...props('cs_test_a_secret_1')} />);
    await waitFor(() => expect(stripe.events).toEqual(['create 1 cs_test_a_secret_1']));
    // The page goes (leaving and coming back, React's double mount) while Stripe is still answering.
    first.unmount();
    const second = renderWithApp(<EmbeddedCheckout {...props('cs_test_b_secret_2')} />);
    stripe.release();
    await waitFor(() => expect(stripe.events).toContain('mount 2'));
    expect(stripe.events).toEqual([
      'create 1 cs_test_a_secret_1',
      'destroy 1',
      'create 2 cs_test_b_secret_2',
      'mount 2',
    ]);
    second.unmount();
    await waitFor(() => expect(stripe.events.at(-1)).toBe('destroy 2'));
  });

  it('creates nothing for a page that went before Stripe.js was asked', async () => {
    const stripe = strictStripe();
    stripe.release();
    renderWithApp(<EmbeddedCheckout {...props('cs_test_a_secret_1')} />).unmount();
    const kept = renderWithApp(<EmbeddedCheckout {...props('cs_test_b_secret_2')} />);
    await waitFor(() => expect(stripe.events).toEqual(['create 1 cs_test_b_secret_2', 'mount 1']));
    await waitFor(() => expect(kept.queryByText('Loading the secure payment form…')).not.toBeInTheDocument());
  });
});
