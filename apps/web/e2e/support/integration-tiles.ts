import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A platform's tile on /integrations, and the mark it wears once connected. */
export const tile = (page: Page, key: string) => page.getByTestId(`tile-${key}`);
export const clip = (page: Page, key: string) => page.getByTestId(`clip-${key}`);

/** Facebook and Instagram: the SDK stand-in's login popup, "Continue" as the sandbox's marketer. */
export const facebookLogin = async (page: Page, key: 'facebook' | 'instagram') => {
  const popupOpened = page.waitForEvent('popup');
  await tile(page, key).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Log in with Facebook (sandbox)' })).toBeVisible();
  await popup.getByRole('button', { name: 'Continue' }).click();
};
