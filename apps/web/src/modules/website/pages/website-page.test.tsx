import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { WebsitePage } from './website-page';

const UNREADABLE = {
  status: 400,
  body: {
    error: 'website_unreachable',
    message: 'We could not read https://www.nope.example: the host name could not be found.',
  },
};

describe('/website', () => {
  it('keeps what was typed after a failed scan, shows why, and Skip for now goes on to the app', async () => {
    sessionStore.set({ ...SESSION, website_check: false, website_url: null, website_name: null });
    const server = stubApi({
      'POST /api/add_website': UNREADABLE,
      'POST /api/skip_website': { body: { message: 'You can add your website later', website_check: true } },
      'GET /api/me': { body: { ...ME, website_url: null, website_name: null } },
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderWithApp(<WebsitePage />, { path: '/website' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Website URL' }), 'www.nope.example');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(UNREADABLE.body.message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Website URL' })).toHaveValue('www.nope.example');
    expect(server.calls.find((call) => call.path === '/api/add_website')?.body).toEqual({
      email: SESSION.email,
      website_url: 'https://www.nope.example',
    });

    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.get()).toMatchObject({ website_check: true, website_url: null });
  });

  it('scans a known website on open and, when that fails, goes silently to /loginpage', async () => {
    sessionStore.set(SESSION);
    const server = stubApi({ 'POST /api/add_website': UNREADABLE });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderWithApp(<WebsitePage />, { path: '/website' });
    expect(screen.getByRole('heading', { name: 'Scanning through your Website' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/loginpage'));
    expect(server.calls.map((call) => call.path)).toEqual(['/api/add_website']);
    expect(screen.queryByText(UNREADABLE.body.message)).not.toBeInTheDocument();
  });
});
