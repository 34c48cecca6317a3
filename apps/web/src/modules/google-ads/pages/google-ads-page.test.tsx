import type { TGoogleAd } from '@sales-assist/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { combinationOf } from '../lib/ad-draft';
import { GoogleAdsPage } from './google-ads-page';

// jsdom has no font loading; Mantine's autosizing textarea listens for it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

const AD: TGoogleAd = {
  id: 5,
  landing_url: 'https://www.acme.example/booking',
  display_domain: 'acme.example',
  keywords: ['dental scheduling'],
  keyword_list_id: null,
  campaign: 'Acme - Search',
  ad_group: 'dental scheduling',
  headlines: ['Dental Scheduling', 'Acme', 'Online Booking', 'Fewer No-shows'],
  descriptions: ['Book patients into the right slot.', 'Reminders by text and email.'],
  path1: 'dental',
  path2: 'booking',
  landing_page: { status: 'read', message: null },
  writer: 'offline',
  model: null,
  fallback_reason: null,
  prompt_tokens: 0,
  completion_tokens: 0,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};

/** The page at /advertising/google-ads with ad 5 open (?ad=5), as History reopens it. */
const openAd = async () => {
  const { router } = renderWithApp(<GoogleAdsPage />, { path: '/advertising/google-ads' });
  await act(() => router.navigate('/advertising/google-ads?ad=5'));
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const serve = (sent: { method: string; path: string; body: unknown }[]) =>
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/api/google-ads' && method === 'GET') {
      return json({ ads: [AD], total: 1, page: 1, limit: 10, writer: 'offline' });
    }
    if (url.pathname === '/api/google-ads/5' && method === 'GET') return json(AD);
    if (url.pathname === '/api/google-ads/5/regenerate') {
      return json({
        field: 'headline',
        index: 1,
        text: 'A Fresh Headline',
        headlines: AD.headlines.with(1, 'A Fresh Headline'),
        descriptions: AD.descriptions,
        path1: AD.path1,
        path2: AD.path2,
        writer: 'offline',
        fallback_reason: null,
      });
    }
    if (url.pathname === '/api/google-ads/5' && method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      return json({ ...AD, ...body, updated_at: '2026-11-23T11:00:00.000Z' });
    }
    if (url.pathname === '/api/keywords/lists') return json({ lists: [] });
    return json({ error: 'not_found', message: 'No such call' }, 404);
  });

describe('the Google Ads page', () => {
  it('counts every field live, turns red over the limit and will not save then', async () => {
    sessionStore.set(SESSION);
    const sent: { method: string; path: string; body: unknown }[] = [];
    serve(sent);
    await openAd();
    const headline1 = await screen.findByRole('textbox', { name: 'Headline 1' });
    expect(headline1).toHaveValue('Dental Scheduling');
    const editor = screen.getByRole('region', { name: 'Ad editor' });
    const counters = within(editor).getAllByTestId('field-counter');
    expect(counters.map((counter) => counter.textContent)).toEqual([
      '17 / 30',
      '4 / 30',
      '14 / 30',
      '14 / 30',
      '34 / 90',
      '28 / 90',
      '6 / 15',
      '7 / 15',
    ]);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    fireEvent.change(headline1, { target: { value: 'x'.repeat(31) } });
    const over = within(editor).getAllByTestId('field-counter')[0] as HTMLElement;
    expect(over).toHaveTextContent('31 / 30');
    expect(over).toHaveAttribute('data-over', 'true');
    expect(screen.getAllByText('Headline 1 is 31 characters; at most 30').length).toBeGreaterThan(0);
    expect(save).toBeDisabled();

    // A path with a space, then a fixed one: Save comes back and sends every field.
    fireEvent.change(headline1, { target: { value: 'Dental Booking' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Path 1' }), { target: { value: 'two words' } });
    expect(screen.getAllByText('Path 1 may hold only letters, digits and hyphens').length).toBeGreaterThan(0);
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Path 1' }), { target: { value: 'two-words' } });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({
      headlines: ['Dental Booking', 'Acme', 'Online Booking', 'Fewer No-shows'],
      descriptions: AD.descriptions,
      path1: 'two-words',
      path2: 'booking',
      campaign: AD.campaign,
      ad_group: AD.ad_group,
      landing_url: AD.landing_url,
    });
  });

  it('regenerates one headline with the editor’s fields as context, keeps 3 to 15 headlines', async () => {
    sessionStore.set(SESSION);
    const sent: { method: string; path: string; body: unknown }[] = [];
    serve(sent);
    await openAd();
    await screen.findByRole('textbox', { name: 'Headline 2' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Headline 3' }), {
      target: { value: 'Unsaved edit' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate headline 2' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Headline 2' })).toHaveValue('A Fresh Headline'),
    );
    expect(sent.find((call) => call.path.endsWith('/regenerate'))?.body).toEqual({
      field: 'headline',
      index: 1,
      headlines: ['Dental Scheduling', 'Acme', 'Unsaved edit', 'Fewer No-shows'],
      descriptions: AD.descriptions,
      path1: 'dental',
      path2: 'booking',
    });
    expect(screen.getByRole('textbox', { name: 'Headline 3' })).toHaveValue('Unsaved edit');

    // Down to three headlines: none can be removed; an added empty one blocks Save until it is filled.
    fireEvent.click(screen.getByRole('button', { name: 'Remove headline 4' }));
    expect(screen.queryByRole('button', { name: /^Remove headline/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add headline' }));
    expect(screen.getAllByText('Headline 4 is empty').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('previews three headlines joined by " | " and two descriptions, and other combinations', async () => {
    sessionStore.set(SESSION);
    serve([]);
    await openAd();
    const headlines = await screen.findByTestId('ad-preview-headlines');
    expect(headlines).toHaveTextContent('Dental Scheduling | Acme | Online Booking');
    expect(screen.getByTestId('ad-preview-url')).toHaveTextContent('acme.example/dental/booking');
    expect(screen.getByTestId('ad-preview-descriptions')).toHaveTextContent(
      'Book patients into the right slot. Reminders by text and email.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Preview another combination' }));
    expect(headlines).toHaveTextContent('Fewer No-shows | Dental Scheduling | Acme');
    expect(combinationOf(AD, 1).headlines).toEqual(['Fewer No-shows', 'Dental Scheduling', 'Acme']);
  });
});

describe('the plan on the Google Ads page', () => {
  const usageOf = (tier: 'Basic' | 'Premium', limit: number, used: number) => ({
    subscription_type: tier,
    period: '2026-11',
    resets_on: '2026-12-01',
    totalData: { blogs_limit: 1, blogs_topic_limit: 3, google_ads_limit: limit, social_media_posts_limit: 2 },
    currentData: {
      blogs_limit: 0,
      blogs_topic_limit: 0,
      google_ads_limit: used,
      social_media_posts_limit: 0,
    },
  });
  const serveUsage = (usage: ReturnType<typeof usageOf>) => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    serve(sent);
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input), 'http://localhost').pathname === '/api/plan_usage'
        ? json(usage)
        : inner(input, init),
    );
    return sent;
  };

  it('says Basic has no Google Ads above the form, with the way to /plan, and the form cannot be sent', async () => {
    sessionStore.set({ ...SESSION, subscription_type: 'Basic' });
    const sent = serveUsage(usageOf('Basic', 0, 0));
    const { router } = renderWithApp(<GoogleAdsPage />, { path: '/advertising/google-ads' });
    const alert = await screen.findByRole('alert', { name: 'Google Ads are not part of the Basic plan' });
    // Above the form, in the page's order.
    const form = screen.getByRole('form', { name: 'Write a Google ad' });
    expect(alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Landing page URL' })).toBeDisabled();
    fireEvent.click(within(alert).getByRole('link', { name: 'Upgrade your plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan'));
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says when the ads of the month are used up and when they start again; with ads left, says nothing', async () => {
    sessionStore.set(SESSION);
    serveUsage(usageOf('Premium', 6, 6));
    const { unmount } = renderWithApp(<GoogleAdsPage />, { path: '/advertising/google-ads' });
    const alert = await screen.findByRole('alert', { name: 'No Google Ads left this month' });
    expect(alert).toHaveTextContent('all 6 Google Ads your Premium plan includes this month');
    expect(alert).toHaveTextContent('December 1, 2026');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    unmount();

    serveUsage(usageOf('Premium', 6, 2));
    renderWithApp(<GoogleAdsPage />, { path: '/advertising/google-ads' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled());
    expect(screen.queryByRole('alert', { name: /Google Ads/ })).not.toBeInTheDocument();
  });
});
