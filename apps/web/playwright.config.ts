import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** End-to-end journeys against the real server (started by the global setup) in Debian's Chromium. */
export default defineConfig({
  testDir: path.join(import.meta.dirname, 'e2e'),
  testMatch: '**/*.spec.ts',
  globalSetup: path.join(import.meta.dirname, 'e2e/support/global-setup.ts'),
  outputDir: path.join(import.meta.dirname, '../../test-results'),
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    headless: true,
    viewport: { width: 1366, height: 860 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
