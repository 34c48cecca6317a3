import type { TBrandProfileResponse } from '@sales-assist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { BrandProfileSection } from './brand-profile-section';

const PROFILE: TBrandProfileResponse = {
  has_website: true,
  website_url: 'https://acme.example/',
  company: 'Acme Robotics',
  offer: 'Acme builds picking robots for warehouses.',
  audience: 'Mid-size warehouses',
  tone: 'Professional, Formal',
  key_phrases: ['picking robots', 'warehouse automation'],
  website_summary: 'Acme builds picking robots for warehouses.',
  scanned_at: '2026-11-23T10:00:00.000Z',
  edited_at: null,
  edited_fields: [],
  look: { colors: [], has_logo: false },
};

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on it to resize when fonts load.
beforeAll(() => {
  if (!document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

describe('the brand profile in Settings', () => {
  it('keeps Save disabled until an edit, refuses markup by the field, and saves only a valid profile', async () => {
    sessionStore.set(SESSION);
    const saved = { ...PROFILE, audience: 'Heads of operations', edited_fields: ['audience'] };
    const server = stubApi({
      'GET /api/brand_profile': { body: PROFILE },
      'PUT /api/brand_profile': { body: saved },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithApp(<BrandProfileSection />, { path: '/settings' });
    const user = userEvent.setup();

    const audience = await screen.findByRole('textbox', { name: 'Audience' });
    const save = screen.getByRole('button', { name: 'Save brand profile' });
    expect(save).toBeDisabled();

    await user.clear(audience);
    await user.type(audience, 'Heads of <b>operations');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Use plain text, without HTML tags')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(audience);
    await user.type(audience, 'Heads of operations');
    await user.click(save);
    await waitFor(() => expect(server.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      audience: 'Heads of operations',
      company: 'Acme Robotics',
      key_phrases: ['picking robots', 'warehouse automation'],
    });
    expect(await screen.findByText('Edited')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save brand profile' })).toBeDisabled());
  }, 30_000);

  it('shows the brand look read from the site: its colours and its logo fetched with the session', async () => {
    sessionStore.set(SESSION);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:test/logo', revokeObjectURL: () => undefined }),
    );
    const server = stubApi({
      'GET /api/brand_profile': {
        body: { ...PROFILE, look: { colors: ['#0e7c66', '#f59e0b'], has_logo: true } },
      },
    });
    const logoRequests: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/brand-profile/logo')) {
        logoRequests.push(new Headers(init?.headers).get('Authorization') ?? '');
        return new Response(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), { status: 200 });
      }
      return server.fetch(input, init);
    });
    renderWithApp(<BrandProfileSection />, { path: '/settings' });
    const look = await screen.findByLabelText('Brand look');
    const colours = within(look).getByRole('list', { name: 'Brand colours' });
    expect(
      within(colours)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#0e7c66', '#f59e0b']);
    const logo = await within(look).findByRole('img', { name: 'Your logo' });
    await waitFor(() => expect(logo.getAttribute('src')).toBe('blob:test/logo'));
    expect(logoRequests).toEqual([`Bearer ${SESSION.accessToken}`]);
  });

  it('says when the site gave no colours or logo', async () => {
    sessionStore.set(SESSION);
    const server = stubApi({ 'GET /api/brand_profile': { body: PROFILE } });
    vi.stubGlobal('fetch', server.fetch);
    renderWithApp(<BrandProfileSection />, { path: '/settings' });
    expect(await screen.findByText(/No brand colours or logo were found on your site/)).toBeInTheDocument();
    expect(server.calls.some((call) => call.path === '/api/brand-profile/logo')).toBe(false);
  });

  it('invites an account without a website to add one', async () => {
    sessionStore.set(SESSION);
    const server = stubApi({
      'GET /api/brand_profile': {
        body: {
          ...PROFILE,
          has_website: false,
          website_url: null,
          company: 'Company Name',
          scanned_at: null,
        },
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithApp(<BrandProfileSection />, { path: '/settings' });
    expect(await screen.findByRole('form', { name: 'Add your website' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan website' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Brand profile' })).not.toBeInTheDocument();
  });
});
