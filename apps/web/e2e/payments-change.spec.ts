import type { Page } from '@playwright/test';
import { createAccount } from './support/api-account';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { logIn } from './support/journeys';
import { shot } from './support/screenshot';

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

test('a monthly subscriber switches to annual on the Pricing screen, and back to monthly', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await createAccount(request, { prefix: 'switch', website: e2eEnv().siteUrl, plan: 'Basic' });
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Premium monthly through Checkout.
  await page.goto('/pricing');
  const premium = page.getByRole('region', { name: 'Premium plan' });
  await premium.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  await expect(checkoutFrame(page).getByLabel('Card number')).toBeVisible({ timeout: 20_000 });
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Thanks for your payment!' })).toBeVisible({
    timeout: 30_000,
  });

  // The annual card of the same plan offers the switch; the monthly one stays "Manage subscription".
  await page.goto('/pricing');
  await expect(premium.getByText('Current Plan')).toBeVisible();
  await expect(premium.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
  // The interval switch is a radio group (its inputs are visually hidden): the arrow keys move it.
  await page.getByRole('radio', { name: 'Monthly' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Annual' })).toBeChecked();
  await expect(premium.getByText('Current Plan')).toHaveCount(0);
  await premium.getByRole('button', { name: 'Switch to annual' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to Premium, billed yearly?' });
  await expect(dialog.getByText('$470 a year')).toBeVisible();
  await expect(dialog.getByText(/The difference is charged to your card now/)).toBeVisible();
  await shot(page, '20-switch-dialog');
  await dialog.getByRole('button', { name: 'Confirm switch' }).click();

  // The difference is charged (a full month's $49 back off $470) and the page shows the year.
  await expect(
    page.getByText(/^You are now on Premium, billed yearly\. \$42\d(\.\d\d)? was charged/),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog).toHaveCount(0);
  await expect(premium.getByText('Current Plan')).toBeVisible();
  await expect(page.getByText(/Premium, billed yearly: renews on/)).toBeVisible();
  // A year's credits came with the annual payment: 500 + 6,000 on top of the sign-up grant.
  await expect(page.getByText(/Balance:\s*7,000 credits/).first()).toBeVisible();
  await shot(page, '21-switched-annual');

  // And back: the unused year pays the month, so nothing is charged.
  await page.getByRole('radio', { name: 'Annual' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await premium.getByRole('button', { name: 'Switch to monthly' }).click();
  await page
    .getByRole('dialog', { name: 'Switch to Premium, billed monthly?' })
    .getByRole('button', { name: 'Confirm switch' })
    .click();
  await expect(
    page.getByText(
      'You are now on Premium, billed monthly. Your unused time covered it: nothing was charged.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Premium, billed monthly: renews on/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(/Balance:\s*7,500 credits/).first()).toBeVisible();
  await shot(page, '22-switched-monthly');
});
