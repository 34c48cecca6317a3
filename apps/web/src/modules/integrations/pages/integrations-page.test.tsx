import type { TIntegrationsResponse } from '@sales-assist/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { IntegrationsPage } from './integrations-page';

const INTEGRATIONS: TIntegrationsResponse = {
  data: {
    linkedin: false,
    facebook: true,
    instagram: false,
    wordpress: false,
    twitter: false,
    googleanalytics: false,
    shopify: false,
    googleads: false,
  },
  status: {
    linkedin: 'not_connected',
    facebook: 'connected',
    instagram: 'reconnect',
    wordpress: 'not_connected',
  },
  reasons: { linkedin: null, facebook: null, instagram: 'The session has expired.', wordpress: null },
  expires_in_days: { linkedin: null, facebook: 3, instagram: null, wordpress: null },
  accounts: {
    linkedin: [],
    facebook: ['Sandbox Coffee Roasters', 'Sandbox Bakery'],
    instagram: ['sandbox.coffee'],
    wordpress: [],
  },
};
const CONFIG = {
  facebook: { sdkUrl: 'http://127.0.0.1:9/facebook/sdk.js', appId: '1234', graphVersion: 'v26.0' },
  facebookScopes: ['pages_show_list'],
  sandbox: { linkedin: true, meta: true },
};

const LINKEDIN_CONNECTED: TIntegrationsResponse = {
  ...INTEGRATIONS,
  data: { ...INTEGRATIONS.data, linkedin: true },
  status: { ...INTEGRATIONS.status, linkedin: 'connected' },
  accounts: { ...INTEGRATIONS.accounts, linkedin: ['Ada Sandbox'] },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API as the page sees it (a LinkedIn member with `waitingPosts`, gone once unlinked); every call is recorded. */
const stubApi = (integrations = INTEGRATIONS, waitingPosts = 0) => {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let unlinked = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (path === '/getintegrations') return json(unlinked ? INTEGRATIONS : integrations);
    if (path === '/integrations/config') return json(CONFIG);
    if (path === '/get_user_info')
      return unlinked
        ? json(
            {
              error: 'not_found',
              message: 'No LinkedIn account is connected. Connect one on the Integrations page.',
            },
            404,
          )
        : json({ data: { name: 'Ada Sandbox', picture: null }, waiting_posts: waitingPosts });
    if (path === '/gentoken' && method === 'DELETE') {
      unlinked = true;
      return json({ message: 'Unlinked Successfully!' });
    }
    return json({});
  });
  return calls;
};

afterEach(() => vi.unstubAllGlobals());

describe('the Integrations page', () => {
  it('shows the eight tiles, a clip mark on the connected one and "Reconnect" on the one that stopped working', async () => {
    sessionStore.set(SESSION);
    stubApi();
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    expect(await screen.findByTestId('tile-facebook')).toBeInTheDocument();
    expect(screen.getByText('Please add accounts for seamless posting.')).toBeInTheDocument();
    for (const label of [
      'Instagram',
      'Facebook',
      'Twitter',
      'GoogleAnalytics',
      'Linkedin',
      'Wordpress',
      'Shopify',
      'GoogleAds',
    ])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getAllByLabelText('Connected', { exact: true })).toHaveLength(1);
    expect(screen.getByTestId('clip-facebook')).toBeInTheDocument();
    expect(screen.getByText('Reconnect')).toBeInTheDocument();
    expect(screen.getByText('Expires in 3 days')).toBeInTheDocument();
    expect(screen.getByTestId('tile-instagram')).toHaveAttribute('data-status', 'reconnect');
    // A connected tile names its accounts; one that stopped working does not claim them.
    expect(screen.getByTestId('account-facebook')).toHaveTextContent('Sandbox Coffee Roasters + 1 more');
    expect(screen.queryByTestId('account-instagram')).not.toBeInTheDocument();
  });

  it('marks Twitter, GoogleAnalytics, Shopify and GoogleAds as coming, does nothing for them, and says Facebook is already connected', async () => {
    sessionStore.set(SESSION);
    const calls = stubApi();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    await screen.findByTestId('tile-twitter');
    const before = calls.length;
    for (const key of ['twitter', 'googleanalytics', 'shopify', 'googleads']) {
      expect(screen.getByTestId(`tile-${key}`)).toHaveTextContent('Coming soon');
      fireEvent.click(screen.getByTestId(`tile-${key}`));
    }
    expect(screen.getAllByText('Coming soon')).toHaveLength(4);
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.length).toBe(before);

    fireEvent.click(screen.getByTestId('tile-facebook'));
    expect(await screen.findByText('Facebook already connected')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/gentoken')).toBe(false);
  });

  it('tells a blocked LinkedIn popup', async () => {
    sessionStore.set(SESSION);
    const calls = stubApi();
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('tile-linkedin'));
    expect(await screen.findByText('Popup blocked. Please allow popups for this site.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/integrations/linkedin/authorize')).toBe(false);
  });

  it('asks for every WordPress field before sending, then sends USERNAME, PASSWORD and HOSTNAME', async () => {
    sessionStore.set(SESSION);
    const calls = stubApi();
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('tile-wordpress'));
    const connect = await screen.findByRole('button', { name: 'Connect' });
    fireEvent.click(connect);
    expect(await screen.findByText('Fill all the information')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/wordpress')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Hostname/), { target: { value: 'blog.example.com' } });
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'editor' } });
    fireEvent.change(screen.getByLabelText(/Application password/), { target: { value: 'abcd EFGH' } });
    fireEvent.click(connect);
    await waitFor(() => expect(calls.find((call) => call.path === '/wordpress')).toBeDefined());
    expect(calls.find((call) => call.path === '/wordpress')?.body).toEqual({
      USERNAME: 'editor',
      PASSWORD: 'abcd EFGH',
      HOSTNAME: 'blog.example.com',
    });
  });

  it('warns how many waiting posts unlinking leaves unpublished, then unlinks with the success alone', async () => {
    sessionStore.set(SESSION);
    const calls = stubApi(LINKEDIN_CONNECTED, 2);
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('tile-linkedin'));
    expect(await screen.findByTestId('linkedin-member-name')).toHaveTextContent('Ada Sandbox');
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Account' }));
    expect(await screen.findByTestId('unlink-warning')).toHaveTextContent(
      '2 posts waiting for this account (scheduled, or failed and waiting for a retry) will not be published while it is unlinked. They stay on the calendar, and go back to this account if you connect it again.',
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Unlink anyway' }));
    expect(await screen.findByText('Unlinked Successfully!')).toBeInTheDocument();
    // The tiles are asked again; the gone member is not (its 404 would toast beside the success).
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/getintegrations').length).toBeGreaterThan(1),
    );
    const unlinkedAt = calls.findIndex((call) => call.method === 'DELETE');
    expect(calls.slice(unlinkedAt).some((call) => call.path === '/get_user_info')).toBe(false);
    expect(screen.queryByText(/No LinkedIn account is connected/)).not.toBeInTheDocument();
  });

  it('unlinks at once when no post waits for the member', async () => {
    sessionStore.set(SESSION);
    const calls = stubApi(LINKEDIN_CONNECTED, 0);
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('tile-linkedin'));
    await screen.findByTestId('linkedin-member-name');
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Account' }));
    expect(await screen.findByText('Unlinked Successfully!')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/gentoken')).toBe(true);
    expect(screen.queryByTestId('unlink-warning')).not.toBeInTheDocument();
  });
});
