// @vitest-environment jsdom
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';
import { sdkFor } from './test-support';

/**
 * The Stripe.js stand-in under @stripe/react-stripe-js 7.0.1 and @stripe/stripe-js 10.2.1 (pure), as the
 * web app would use them: loadStripe takes the stand-in's window.Stripe once the script ran, and
 * <EmbeddedCheckoutProvider>/<EmbeddedCheckout> mount the sandbox's checkout frame for the session; the
 * frame's completion message calls onComplete.
 */

type Frame = { src: string; title: string; contentWindow: unknown; style: { height: string } };
type Page = {
  document: {
    createElement(tag: string): { id: string };
    body: { appendChild(node: unknown): void };
    querySelector(s: string): Frame | null;
  };
  eval(code: string): void;
  dispatchEvent(event: unknown): boolean;
  MessageEvent: new (type: string, init: { data: unknown; origin: string; source: unknown }) => unknown;
  Stripe?: unknown;
  IS_REACT_ACT_ENVIRONMENT?: boolean;
};
const page = (globalThis as unknown as { window: Page }).window;
page.IS_REACT_ACT_ENVIRONMENT = true;

let sandbox: PlatformSandbox;
beforeEach(async () => {
  sandbox = await startPlatformSandbox();
  page.Stripe = undefined;
  page.eval(await (await fetch(`${sandbox.url}/stripe/v3/stripe.js`)).text());
});
afterEach(async () => {
  await sandbox.close();
});

describe('the Stripe.js stand-in under react-stripe-js', () => {
  it('mounts embedded Checkout for the session and reports its completion', async () => {
    const session = await sdkFor(sandbox).checkout.sessions.create({
      mode: 'payment',
      ui_mode: 'embedded_page',
      redirect_on_completion: 'never',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: 1900, product_data: { name: '500 credits' } },
          quantity: 1,
        },
      ],
    });
    const stripePromise = loadStripe(sandbox.platforms.stripe.app().publishableKey);
    let completed = 0;
    const host = page.document.createElement('div');
    page.document.body.appendChild(host);
    const root = createRoot(host as never);
    await act(async () => {
      root.render(
        createElement(
          EmbeddedCheckoutProvider,
          {
            stripe: stripePromise,
            options: {
              fetchClientSecret: async () => session.client_secret as string,
              onComplete: () => {
                completed += 1;
              },
            },
          },
          createElement(EmbeddedCheckout, { id: 'checkout' }),
        ),
      );
      await stripePromise;
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const frame = page.document.querySelector('#checkout iframe');
    expect(frame?.title).toBe('Secure checkout');
    const src = new URL(frame?.src ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(`${sandbox.url}/stripe/checkout/${session.client_secret}`);
    expect(src.searchParams.get('embedded')).toBe('1');
    expect(src.searchParams.get('key')).toBe(sandbox.platforms.stripe.app().publishableKey);

    // Messages from another origin, or not from the frame, are ignored.
    const message = (origin: string, source: unknown, data: unknown) =>
      page.dispatchEvent(new page.MessageEvent('message', { data, origin, source }));
    message('http://evil.test', frame?.contentWindow, {
      type: 'stripe-sandbox:checkout-complete',
      redirectUrl: null,
    });
    message(sandbox.url, null, { type: 'stripe-sandbox:checkout-complete', redirectUrl: null });
    expect(completed).toBe(0);
    message(sandbox.url, frame?.contentWindow, { type: 'stripe-sandbox:resize', height: 512.4 });
    expect(frame?.style.height).toBe('513px');
    message(sandbox.url, frame?.contentWindow, {
      type: 'stripe-sandbox:checkout-complete',
      redirectUrl: null,
    });
    expect(completed).toBe(1);

    await act(async () => root.unmount());
    expect(page.document.querySelector('#checkout iframe')).toBeNull();
  });
});
