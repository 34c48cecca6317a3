import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time: Vitest's default is the cores less one, so one worker on the 2-core CI machine, where
    // every file still waits on a database (PostgreSQL's processes, or PGlite's thread) part of its time. Two
    // took the whole unit run on PGlite from about 10 to under 7 minutes on such a machine.
    maxWorkers: 2,
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
          // Every file builds its own app and database, so module state is keyed by user or held per app:
          // sharing the imported modules between the files of one worker halves the run (no re-import of
          // the whole server for each of ~100 files).
          isolate: false,
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
        test: {
          name: 'platform-sandbox',
          root: 'packages/platform-sandbox',
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
          // A screen test renders, types and waits like a person: 2–4 s on a quiet machine, past the default 5 s
          // on a busy one (the CI machine has two cores, shared with the database and the other test files).
          testTimeout: 15_000,
          // One jsdom and one import of React, Mantine and FullCalendar per worker instead of per file (77 s →
          // 16 s); setup.ts resets what files could leak (DOM, storage, globals, mocks, toasts).
          isolate: false,
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
