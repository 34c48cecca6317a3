import type { Page } from '@playwright/test';
import { test } from './fixtures';

/** A full-page screenshot kept with the test's results, for looking at the screens after a run. */
export const shot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};
