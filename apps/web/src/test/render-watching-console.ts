import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { sessionStore } from '../app/session/session-store';
import { ME, SESSION } from './fixtures';
import { renderWithApp, stubApi } from './render';

/** React (in development, as here) reports invalid nesting such as a div inside a p with console.error. */
export const renderWatchingConsole = async (page: ReactNode, path: string, heading: string) => {
  const errors = vi.spyOn(console, 'error');
  sessionStore.set(SESSION);
  vi.stubGlobal('fetch', stubApi({ 'GET /api/me': { body: ME } }).fetch);
  renderWithApp(page, { path });
  expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  await screen.findAllByText('450');
  return errors.mock.calls.map((call) => call.map(String).join(' '));
};
