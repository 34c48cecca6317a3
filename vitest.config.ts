import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'linkedin-sandbox',
          root: 'packages/linkedin-sandbox',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Components and hooks of the web app in jsdom (React in development mode, so its warnings show).
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
    ],
  },
});
