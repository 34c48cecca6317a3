import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn, logOut } from './support/journeys';
import { signInWithLinkedIn } from './support/linkedin-session';
import { readyList } from './support/outreach-seed';
import { shot } from './support/screenshot';

/** A narrow search: the sandbox knows a handful of people for it, so the import and the campaign are quick. */
const SEARCH_URL = 'https://www.linkedin.com/search/results/people/?keywords=data';
const PAYING_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

/** Signs the e2e admin in through the API; answers the bearer headers. */
const adminHeaders = async (request: APIRequestContext) => {
  const { adminEmail, adminPassword } = e2eEnv();
  const login = await request.post('/api/loginv2', {
    data: { email: adminEmail, password: adminPassword, captcha_token: '' },
  });
  expect(login.status()).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
};

/**
 * Leaves `keep` credits on a new account: the admin removes the rest of the sign-up grant with a reason
 * (POST /api/admin/users/{id}/credits), as if the person had spent them.
 */
const leaveCredits = async (request: APIRequestContext, email: string, keep: number) => {
  const headers = await adminHeaders(request);
  const found = await request.get('/api/admin/users', { headers, params: { query: email, limit: 1 } });
  expect(found.status()).toBe(200);
  const { users } = (await found.json()) as { users: { id: string; email: string; credits: number }[] };
  const user = users.find((candidate) => candidate.email === email);
  expect(user, `no account ${email}`).toBeDefined();
  const removed = await request.post(`/api/admin/users/${user?.id}/credits`, {
    headers,
    data: { amount: keep - (user?.credits ?? 0), reason: 'e2e: the sign-up credits were spent' },
  });
  expect(removed.status()).toBe(200);
  expect(((await removed.json()) as { credits: number }).credits).toBe(keep);
};

/** Connects LinkedIn and imports a list from a search through the API, then waits until it is ready. */
const prepareList = async (request: APIRequestContext, email: string, password: string, name: string) => {
  const headers = await signInWithLinkedIn(request, email, password, 'e2e-payments-li-at');
  const search = await request.post('/api/linkedinAI/search_result', {
    headers,
    data: { search_url: SEARCH_URL, list_name: name },
  });
  expect(search.status()).toBe(200);
  await readyList(request, headers, name, 120_000);
};

/** The campaign wizard from the campaigns page to step 5, with the list and a template chosen. */
const walkToVerifyStep = async (page: Page, listName: string, campaignName: string) => {
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Create New Campaign' }).first().click();
  await expect(page.getByText('1. Select Lists for Campaign')).toBeVisible();
  await page.getByPlaceholder('Select a list from here').click();
  await page.getByRole('option', { name: new RegExp(listName) }).click();
  await expect(page.getByText(/^\d+ leads selected$/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Set the Campaign Workflow' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Set the Campaign Details' })).toBeVisible();
  await page.getByLabel('Campaign name').fill(campaignName);
  await page.getByRole('button', { name: 'Select: Compliment, Relate and Sell' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Campaign' })).toBeVisible();
};

/** The card form of the embedded Checkout (Stripe's frame; the sandbox's stand-in here). */
const checkoutFrame = (page: Page) => page.frameLocator('[data-testid="embedded-checkout"] iframe');

const payWith = async (page: Page, card: string) => {
  const frame = checkoutFrame(page);
  await frame.getByLabel('Card number').fill(card);
  await frame.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await frame.getByLabel('Security code (CVC)').fill('123');
  await frame.getByLabel('Cardholder name').fill('Jane Buyer');
  await frame.getByRole('button', { name: /^(Subscribe|Pay )/ }).click();
};

test('out of credits: the premium pop-up leads to pricing, Premium is bought and a campaign is created', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const listName = 'Payments people';
  const user = await createAccount(request, { prefix: 'payments', website: e2eEnv().siteUrl, plan: 'Basic' });
  await leaveCredits(request, user.email, 30);
  await prepareList(request, user.email, user.password, listName);

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('30 credits')).toBeVisible();

  // 30 credits, a campaign costs 50: "Create Campaign" opens the premium pop-up, not "Yes".
  await walkToVerifyStep(page, listName, 'Before paying');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  const popup = page.getByRole('dialog', { name: 'Buy Premium' });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('You have used up your basic plan limit')).toBeVisible();
  // Credits are no plan limit: no figures of one.
  await expect(popup.getByRole('table', { name: 'The limit you reached' })).toHaveCount(0);
  await expect(
    page.getByRole('dialog', { name: 'Do you want to create Campaign for 50 Credits?' }),
  ).toHaveCount(0);
  await shot(page, '01-premium-popup');
  await popup.getByRole('button', { name: 'Buy Premium' }).click();

  // The plan: Basic, 30 credits, the ways on.
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole('heading', { name: 'Current Plan' })).toBeVisible();
  await expect(page.getByText(/No paid subscription/)).toBeVisible();
  await shot(page, '02-plan-basic');
  await page.getByRole('link', { name: 'See plans' }).click();

  // Pricing: Basic is the current plan; annual shows its saving.
  await expect(page).toHaveURL(/\/pricing$/);
  const basic = page.getByRole('region', { name: 'Basic plan' });
  const premium = page.getByRole('region', { name: 'Premium plan' });
  await expect(basic.getByText('Current Plan', { exact: true })).toBeVisible();
  await expect(premium.getByText('$49')).toBeVisible();
  await expect(premium.getByText('8 blog posts a month')).toBeVisible();
  await expect(premium.getByText('500 credits every month')).toBeVisible();
  await shot(page, '03-pricing-monthly');
  // The switch is a radio group: the arrow keys move between Monthly and Annual.
  await page.getByRole('radio', { name: 'Monthly' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Annual' })).toBeChecked();
  await expect(premium.getByText('$470')).toBeVisible();
  await expect(premium.getByText(/billed yearly/)).toBeVisible();
  await shot(page, '04-pricing-annual');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await premium.getByRole('button', { name: 'Upgrade to Premium' }).click();

  // Checkout: Stripe's form (the sandbox's stand-in) beside the order.
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText(/Premium/)).toBeVisible();
  await expect(summary.getByText('$49')).toBeVisible();
  await expect(checkoutFrame(page).getByLabel('Card number')).toBeVisible({ timeout: 20_000 });
  await shot(page, '05-checkout');
  await payWith(page, PAYING_CARD);

  // Back from Stripe: the webhook has added the plan and its credits.
  await expect(page).toHaveURL(/\/payment\/success\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Thanks for your payment!' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/Premium/).first()).toBeVisible();
  await expect(page.getByText('+500')).toBeVisible();
  await expect(page.getByText('530', { exact: true })).toBeVisible();
  await expect(page.getByText('530 credits')).toBeVisible();
  await shot(page, '06-thanks');

  // The plan now: Premium's limits, renewing in a month, the portal at hand.
  await page.getByRole('link', { name: 'See your plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByText(/Premium, billed monthly: renews on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
  const blogsRow = page.getByRole('row', { name: /Blog posts/ });
  await expect(blogsRow.getByText('0 / 8')).toBeVisible();
  await expect(page.getByText('Used this period')).toBeVisible();
  await shot(page, '07-plan-premium');

  // Pricing marks Premium monthly with the portal at hand (the switch to annual: payments-change.spec.ts).
  await page.goto('/pricing');
  await expect(premium.getByText('Current Plan', { exact: true })).toBeVisible();
  await expect(premium.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Upgrade to Premium/ })).toHaveCount(0);
  await shot(page, '08-pricing-subscriber');

  // Now the campaign goes through.
  await walkToVerifyStep(page, listName, 'After paying');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  const confirm = page.getByRole('dialog', { name: 'Do you want to create Campaign for 50 Credits?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('You have 530 credits.', { exact: false })).toBeVisible();
  await shot(page, '09-confirm');
  await confirm.getByRole('button', { name: 'Yes, Create' }).click();
  await expect(page.getByText('Campaign Created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check Your Campaign Details' })).toBeVisible();
  await expect(page.getByText('480 credits')).toBeVisible();

  // Cancelling goes through Stripe's portal; Premium stays until the end of the period.
  await page.goto('/plan');
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Current plan' })).toBeVisible();
  await shot(page, '10-portal');
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(
    page.getByText('Your plan has been canceled. It stays active until the end of the period.'),
  ).toBeVisible();
  await page.getByRole('link', { name: /Return to Sales Assist/ }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/Premium, billed monthly: ends on/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('row', { name: /Blog posts/ }).getByText('0 / 8')).toBeVisible();
  await shot(page, '11-plan-cancelled');
});

test('a credit pack: a declined card is refused in the form, then a good card adds the credits', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await createAccount(request, { prefix: 'credits', website: e2eEnv().siteUrl, plan: 'Basic' });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The pop-up menu's "Current Plan" is the pricing page.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Current Plan' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  const pack = page.getByRole('region', { name: '500 credits', exact: true });
  await expect(pack).toBeVisible();
  await pack.getByRole('button', { name: 'Buy 500 credits' }).click();

  await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  const checkoutUrl = page.url();
  await expect(
    page.getByRole('complementary', { name: 'Order summary' }).getByText(/500 credits/),
  ).toBeVisible();
  await expect(checkoutFrame(page).getByLabel('Card number')).toBeVisible({ timeout: 20_000 });

  // Stripe's return address before paying: the payment is not finished, with the way back.
  await page.goto(checkoutUrl.replace('/checkout/', '/payment/success/'));
  await expect(page.getByText('Your payment is not finished')).toBeVisible();
  await shot(page, '12-not-finished');
  await page.getByRole('link', { name: 'Back to the checkout' }).click();
  await expect(page).toHaveURL(checkoutUrl);
  await expect(checkoutFrame(page).getByLabel('Card number')).toBeVisible({ timeout: 20_000 });

  // Declined: the form says so and nothing is added.
  await payWith(page, DECLINED_CARD);
  await expect(checkoutFrame(page).getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(checkoutUrl);
  await shot(page, '13-declined');

  await payWith(page, PAYING_CARD);
  await expect(page.getByRole('heading', { name: 'Thanks for your payment!' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/500 credits/).first()).toBeVisible();
  await expect(page.getByText('+500')).toBeVisible();
  await expect(page.getByText('1,000', { exact: true })).toBeVisible();
  await expect(page.getByText('1000 credits')).toBeVisible();
  await shot(page, '14-thanks-credits');

  // The paid session's page says so instead of offering the form again.
  await page.goto(checkoutUrl);
  await expect(page.getByText('This payment is complete')).toBeVisible();
  await shot(page, '15-checkout-complete');

  // Without a plan, the Plan screen opens the billing history, which lists the pack with its amount and day.
  await page.goto('/plan');
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Billing history' }).click();
  await expect(page.getByRole('heading', { name: 'Billing and payment history' })).toBeVisible();
  const today = new Date().toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const bought = page.getByRole('table', { name: 'Billing and payment history' }).getByRole('row', {
    name: /500 credits/,
  });
  await expect(bought).toHaveCount(1);
  await expect(bought).toContainText(today);
  await expect(bought).toContainText('$19.00');
  await expect(bought).toContainText('Paid');
  await shot(page, '15b-billing-history');
  await page.getByRole('link', { name: /Return to Sales Assist/ }).click();
  await expect(page).toHaveURL(/\/plan$/);

  // Someone else's session is not found.
  const stranger = await createAccount(request, {
    prefix: 'stranger',
    website: e2eEnv().siteUrl,
    plan: 'Basic',
  });
  await logOut(page);
  await logIn(page, stranger.email, stranger.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto(checkoutUrl);
  await expect(page.getByText('Payment session not found')).toBeVisible();
  await page.goto(checkoutUrl.replace('/checkout/', '/payment/success/'));
  await expect(page.getByText('Payment session not found')).toBeVisible();
  await shot(page, '16-not-yours');
});
