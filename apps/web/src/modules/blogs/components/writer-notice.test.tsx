import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { WriterNotice } from './writer-notice';

/** A setting's name: capitals joined by underscores (LLM_BASE_URL, IMAGE_MODEL). */
const SETTING_NAME = /\b[A-Z]{2,}_[A-Z_]+\b/;

afterEach(() => sessionStore.set(null));

describe('the offline writer notice', () => {
  it('tells a user in plain words that AI writing is not set up, naming no server setting', () => {
    sessionStore.set(SESSION);
    renderWithApp(<WriterNotice writer="offline" />);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('AI writing is not set up on this server — ask your administrator.');
    expect(notice.textContent).not.toMatch(SETTING_NAME);
    expect(screen.queryByTestId('admin-setup-hint')).not.toBeInTheDocument();
  });

  it('tells an administrator which setting turns the AI model on', () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    renderWithApp(<WriterNotice writer="offline" />);
    expect(screen.getByTestId('admin-setup-hint')).toHaveTextContent('set LLM_BASE_URL');
  });
});
