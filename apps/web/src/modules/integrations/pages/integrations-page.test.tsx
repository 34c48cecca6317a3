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
};
const CONFIG = {
  facebook: { sdkUrl: 'http://127.0.0.1:9/facebook/sdk.js', appId: '1234', graphVersion: 'v26.0' },
  facebookScopes: ['pages_show_list'],
  sandbox: { linkedin: true, meta: true },
};

/** The API as the page sees it; every call is recorded. */
const stubApi = () => {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({
      method: init?.method ?? 'GET',
      path,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const body = path === '/getintegrations' ? INTEGRATIONS : path === '/integrations/config' ? CONFIG : {};
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
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
  });

  it('does nothing for Twitter, GoogleAnalytics, Shopify and GoogleAds, and says Facebook is already connected', async () => {
    sessionStore.set(SESSION);
    const calls = stubApi();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderWithApp(<IntegrationsPage />, { path: '/integrations' });
    await screen.findByTestId('tile-twitter');
    const before = calls.length;
    for (const key of ['twitter', 'googleanalytics', 'shopify', 'googleads'])
      fireEvent.click(screen.getByTestId(`tile-${key}`));
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
});
