import type { TTemplateEntry } from '@sales-assist/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { InfographicManagement2Page } from './infographic-management-2-page';

const entries = (themeId: number, theme: string, firstId: number): TTemplateEntry[] =>
  (['selection', 'image', 'text_post'] as const).map((prompt_type, at) => ({
    id: firstId + at,
    theme,
    theme_id: themeId,
    promptid: prompt_type === 'text_post' && themeId === 2 ? 5 : null,
    prompt_type,
  }));

describe('InfographicManagement2Page', () => {
  it('shows a card per theme with "Theme id = ", a placeholder for a missing preview, and Edit opens the Template Editor', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const api = stubApi({
      'GET /api/get-templates-data': {
        body: [...entries(1, 'Midnight Cards', 1), ...entries(2, 'Paper List', 4)],
      },
      'GET /api/prompts': { body: { data: [] } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<InfographicManagement2Page />);
    const user = userEvent.setup();

    const card = await screen.findByRole('article', { name: 'Paper List' });
    expect(within(card).getByText('Theme id = 2')).toBeInTheDocument();
    expect(within(card).getByText('Selection: current · Image: current · Text Post: 5')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Midnight Cards' })).toHaveTextContent('Theme id = 1');
    // No preview picture here (the stand-in answers 404): the neutral placeholder.
    expect(await within(card).findByLabelText('No preview of Paper List')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Menu of Paper List' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const editor = await screen.findByRole('dialog', { name: 'Template Editor: Paper List' });
    expect(within(editor).getByRole('textbox', { name: 'Text Post Prompt Id' })).toHaveValue('5');
    expect(within(editor).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(api.calls.some((call) => call.path === '/api/infographic-themes/2/preview')).toBe(true);
  });

  it('says "Error fetching theme data" when the list fails, and offers to try again', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const api = stubApi({
      'GET /api/get-templates-data': {
        status: 500,
        body: { error: 'internal_error', message: 'Something went wrong' },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<InfographicManagement2Page />);
    expect(await screen.findByText('Error fetching theme data')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when there are no themes', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    vi.stubGlobal('fetch', stubApi({ 'GET /api/get-templates-data': { body: [] } }).fetch);
    renderWithApp(<InfographicManagement2Page />);
    expect(await screen.findByText('No themes yet')).toBeInTheDocument();
  });
});
