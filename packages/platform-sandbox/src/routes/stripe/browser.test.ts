import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';
import { premiumCheckout, sdkFor } from './test-support';

/**
 * Embedded Checkout in Chromium as the web app will run it: a page of another origin loads the
 * sandbox's Stripe.js first, then @stripe/stripe-js's loadStripe (pure) takes that window.Stripe,
 * createEmbeddedCheckoutPage mounts the checkout frame, the person types a card and pays, and the page
 * lands on the session's return_url.
 */

const SCREENSHOTS = process.env.STRIPE_SANDBOX_SCREENSHOTS;
const require = createRequire(import.meta.url);

let browser: Browser;
let sandbox: PlatformSandbox;
let stripe: Stripe;
let appServer: Server;
let appOrigin: string;
let clientSecret = '';
const pages: Page[] = [];
/** The frame loads in its own time on a busy machine. */
const POLL = { timeout: 10_000 };

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
});
afterAll(async () => {
  await browser.close();
});

beforeEach(async () => {
  sandbox = await startPlatformSandbox();
  stripe = sdkFor(sandbox);
  const pure = await readFile(
    path.join(path.dirname(require.resolve('@stripe/stripe-js/package.json')), 'dist/pure.mjs'),
    'utf8',
  );
  const publishableKey = sandbox.platforms.stripe.app().publishableKey;
  // The app: its checkout page and its return page, on an origin of its own.
  appServer = createServer((req, res) => {
    if (req.url === '/pure.mjs') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(pure);
    if (req.url?.startsWith('/payment/success/'))
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Thanks for your payment!</h1>');
    return res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body>
<h1>Checkout</h1><div id="checkout"></div>
<script src="${sandbox.url}/stripe/v3/stripe.js"></script>
<script type="module">
import { loadStripe } from '/pure.mjs';
const stripe = await loadStripe(${JSON.stringify(publishableKey)});
const checkout = await stripe.createEmbeddedCheckoutPage({ fetchClientSecret: async () => ${JSON.stringify(clientSecret)} });
checkout.mount('#checkout');
window.mounted = true;
</script></body></html>`);
  });
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  // Another origin than the sandbox's (localhost vs 127.0.0.1), as the app and Stripe are.
  appOrigin = `http://localhost:${(appServer.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const page of pages.splice(0)) await page.close();
  await sandbox.close();
  appServer.closeAllConnections();
  await new Promise((resolve) => appServer.close(resolve));
});

const checkoutFor = async (email: string) => {
  const session = await stripe.checkout.sessions.create(
    premiumCheckout({
      customer_email: email,
      return_url: `${appOrigin}/payment/success/{CHECKOUT_SESSION_ID}`,
    }),
  );
  clientSecret = session.client_secret as string;
  return session;
};

describe('embedded Checkout in Chromium', () => {
  it('mounts through loadStripe, refuses a declined card, pays with the test card and returns to the app', async () => {
    const session = await checkoutFor('ada@example.com');
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    pages.push(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto(`${appOrigin}/checkout`);
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await expect.poll(() => frame.getByLabel('Email').inputValue(), POLL).toBe('ada@example.com');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/stripe-checkout.png`, fullPage: true });

    // From the keyboard: type the card, Enter submits.
    await frame.getByLabel('Card number').fill('4000 0000 0000 0002');
    await frame.getByLabel('Expiration date (MM / YY)').fill('1234');
    await frame.getByLabel('Security code (CVC)').fill('123');
    await frame.getByLabel('Cardholder name').fill('Ada Lovelace');
    await frame.getByLabel('Cardholder name').press('Enter');
    await expect.poll(() => frame.getByRole('alert').textContent(), POLL).toBe('Your card was declined.');
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/stripe-checkout-declined.png`, fullPage: true });
    expect(sandbox.platforms.stripe.subscriptions()).toHaveLength(0);

    await frame.getByLabel('Card number').fill('4242424242424242');
    await frame.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${appOrigin}/payment/success/${session.id}`);
    expect(await page.getByRole('heading').textContent()).toBe('Thanks for your payment!');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
    // (The refused card's answer is a 402, which Chromium logs as a failed load.)
    expect(
      warnings.filter((text) => !text.startsWith('Failed to load resource')),
      warnings.join('\n'),
    ).toEqual([]);
  }, 30_000);

  it('shows the customer portal', async () => {
    const session = await checkoutFor('bob@example.com');
    sandbox.platforms.stripe.completeCheckout(session.id);
    const customer = (await stripe.checkout.sessions.retrieve(session.id)).customer as string;
    sandbox.platforms.stripe.saveDefaultPortalConfiguration();
    const portal = await stripe.billingPortal.sessions.create({ customer, return_url: `${appOrigin}/plan` });
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    pages.push(page);
    await page.goto(portal.url);
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), POLL)
      .toContain('Your plan has been canceled');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/stripe-portal.png`, fullPage: true });
    const subscription = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    expect((await stripe.subscriptions.retrieve(subscription)).cancel_at_period_end).toBe(true);
    await page.getByRole('link', { name: '← Return to Sales Assist' }).click();
    await page.waitForURL(`${appOrigin}/plan`);
  }, 30_000);
});
