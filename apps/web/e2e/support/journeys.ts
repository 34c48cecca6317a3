import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { codeFromMail } from './outbox';

export const PASSWORD = 'Sunny-Day-2024';

export const uniqueEmail = (prefix: string): string =>
  `${prefix}-${randomUUID().slice(0, 8)}@e2e.example.com`;

/** Types a code into the six boxes (focus moves along by itself). */
export const enterCode = async (page: Page, code: string): Promise<void> => {
  await page.locator('input[autocomplete="one-time-code"]').first().click();
  await page.keyboard.type(code);
};

/** Sign-up through the screens: form → code from the outbox, sent by its sixth digit. Ends on /website. */
export const signUp = async (page: Page, email: string, password = PASSWORD): Promise<void> => {
  await page.goto('/registerPage');
  await page.getByPlaceholder('you@company.com').fill(email);
  await page.getByPlaceholder('Create a password').fill(password);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('OTP Sent!')).toBeVisible();
  await expect(page).toHaveURL(/\/verificationpage$/);
  // No "Verify" click: the form sends itself when the sixth digit is typed.
  await enterCode(page, await codeFromMail(email, 0));
  await expect(page).toHaveURL(/\/website$/);
};

/** The website step: type the address, watch the scan, land on the dashboard. */
export const addWebsite = async (page: Page, url: string): Promise<void> => {
  await page.getByLabel('Website URL').fill(url);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Website Added' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
};

export const logIn = async (page: Page, email: string, password = PASSWORD): Promise<void> => {
  await page.goto('/loginpage');
  await page.getByPlaceholder('you@company.com').fill(email);
  await page.getByPlaceholder('Your password').fill(password);
  await page.getByPlaceholder('Your password').press('Enter');
};

export const logOut = async (page: Page): Promise<void> => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/registerPage$/);
};
