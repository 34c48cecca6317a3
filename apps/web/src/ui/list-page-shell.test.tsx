import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../app/session/session-store';
import { ME, SESSION } from '../test/fixtures';
import { renderWithApp, stubApi } from '../test/render';
import { ListPageShell } from './list-page-shell';

describe('ListPageShell', () => {
  it('shows the account\'s title (default "CRM"), saves a rename on the server and shows it at once', async () => {
    sessionStore.set(SESSION);
    let crmTitle = 'CRM';
    const api = stubApi({
      'GET /api/me': () => ({ body: { ...ME, crmTitle } }),
      'PUT /api/me/crm_title': (init) => {
        crmTitle = (JSON.parse(String(init?.body)) as { title: string }).title.trim() || 'CRM';
        return { body: { ...ME, crmTitle } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const onSearch = vi.fn();
    renderWithApp(
      <ListPageShell title="Check Your Leads Here" search="" onSearchChange={onSearch}>
        <p>rows</p>
      </ListPageShell>,
    );
    expect(screen.getByRole('heading', { name: 'Check Your Leads Here' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'CRM' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename list title' }));
    await user.clear(screen.getByRole('textbox', { name: 'list title' }));
    await user.type(screen.getByRole('textbox', { name: 'list title' }), 'Pipeline{Enter}');
    expect(await screen.findByRole('heading', { name: 'Pipeline' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: '/api/me/crm_title',
        body: { title: 'Pipeline' },
        headers: { authorization: 'Bearer access-1' },
      }),
    );

    await user.type(screen.getByRole('textbox', { name: 'Search List' }), 'a');
    expect(onSearch).toHaveBeenCalledWith('a');
  });

  it('has no editable title where the page turns it off (admin users)', async () => {
    sessionStore.set(SESSION);
    const api = stubApi({ 'GET /api/me': { body: ME } });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(
      <ListPageShell title="User Management" withCrmTitle={false} search="" onSearchChange={() => undefined}>
        <p>rows</p>
      </ListPageShell>,
    );
    expect(screen.getByRole('textbox', { name: 'Search List' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename list title' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
