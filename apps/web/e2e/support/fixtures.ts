import { randomInt } from 'node:crypto';
import { test as base } from '@playwright/test';
import { e2eEnv } from './e2e-env';

/**
 * A documentation address (TEST-NET-3, 203.0.113.0/24) of its own for each journey: the server trusts
 * X-Forwarded-For here (TRUST_PROXY in the global setup), so journeys count against the per-address
 * sign-up and sign-in limits as the different people they play, not as one machine making 30 accounts.
 */
const clientAddress = (): string => `203.0.113.${randomInt(1, 255)}`;

/** Points every page and API request at the server the global setup started, from its own address. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(e2eEnv().baseUrl);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'X-Forwarded-For': clientAddress() });
  },
});

export { expect } from '@playwright/test';
