import { test as base } from '@playwright/test';
import { e2eEnv } from './e2e-env';

/** Points every page at the server the global setup started. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(e2eEnv().baseUrl);
  },
});

export { expect } from '@playwright/test';
