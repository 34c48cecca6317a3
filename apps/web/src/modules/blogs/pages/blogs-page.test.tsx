import { OFFLINE_DRAFT_LABEL, type TBlogCard, type TBlogsResponse } from '@sales-assist/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { aBlogCard } from '../../../test/blog-post-fixture';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { BlogsPage } from './blogs-page';

const card = (id: number, extra: Partial<TBlogCard> = {}): TBlogCard =>
  aBlogCard({
    id,
    topic: `Topic ${id}`,
    title: `Post ${id}`,
    slug: `post-${id}`,
    meta_description: `About post ${id}`,
    length: 'medium',
    word_count: 1200,
    writer: 'offline',
    model: null,
    excerpt: `About post ${id}`,
    ...extra,
  });

const page = (extra: Partial<TBlogsResponse> = {}): TBlogsResponse => ({
  blogs: [card(2, { status: 'generating', progress: 40, title: 'Being written' }), card(1)],
  page: 1,
  page_size: 9,
  total: 12,
  total_pages: 2,
  writer: 'offline',
  has_website: true,
  ...extra,
});

const TOPIC = {
  id: 7,
  title: 'Why clinics lose patients',
  angle: 'The hidden cost of no-shows',
  keywords: ['no-shows', 'clinics'],
  writer: 'offline',
  created_at: '2026-11-20T10:00:00.000Z',
};

const serve = (blogs: TBlogsResponse) => {
  const server = stubApi({
    'GET /api/me': { body: ME },
    'GET /api/blogs': { body: blogs },
    'GET /api/blogs/topics': { body: { topics: [TOPIC] } },
    'GET /api/inputs': { body: { inputs: [], total: 0 } },
    'POST /api/blogs': {
      status: 202,
      body: {
        blog: { ...card(3, { status: 'generating', progress: 0 }), outline: [], sections: [], body_html: '' },
      },
    },
  });
  sessionStore.set(SESSION);
  vi.stubGlobal('fetch', server.fetch);
  return server;
};

afterEach(() => vi.unstubAllGlobals());

describe('the blogs page', () => {
  it('renders without React errors: the offline notice, a writing card with its progress, the pager', async () => {
    const errors = vi.spyOn(console, 'error');
    serve(page());
    renderWithApp(<BlogsPage />, { path: '/website-content' });
    expect(await screen.findByText('Being written')).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_DRAFT_LABEL)).toBeInTheDocument();
    expect(screen.getByText('Writing… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Writing: 40%' })).toBeInTheDocument();
    const ready = screen.getByRole('article', { name: 'Post 1' });
    expect(within(ready).getByText('Offline draft')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Being written' })).getByRole('button', { name: 'Open' }),
    ).toBeDisabled();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(errors.mock.calls.map((call) => call.map(String).join(' '))).toEqual([]);
  });

  it('picking a topic fills in the post, and Write blog post sends it with the topic id', async () => {
    const server = serve(page());
    renderWithApp(<BlogsPage />, { path: '/website-content' });
    const topic = await screen.findByRole('button', { name: /Why clinics lose patients/ });
    await userEvent.click(topic);
    expect(topic).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveValue('Why clinics lose patients');
    await userEvent.click(screen.getByRole('button', { name: 'Write blog post' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      topic: 'Why clinics lose patients',
      keywords: ['no-shows', 'clinics'],
      length: 'medium',
      input_ids: [],
      topic_id: 7,
    });
  });

  it('an empty topic is refused before anything is sent', async () => {
    const server = serve(page());
    renderWithApp(<BlogsPage />, { path: '/website-content' });
    await screen.findByText('Being written');
    fireEvent.click(screen.getByRole('button', { name: 'Write blog post' }));
    expect(await screen.findByText('Write a topic (or pick a suggested one)')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("asks how many topics within what the month has left, one by default on Basic's three", async () => {
    const usage = (used: number) => ({
      subscription_type: 'Basic',
      period: '2026-11',
      resets_on: '2026-12-01',
      totalData: { blogs_limit: 1, blogs_topic_limit: 3, google_ads_limit: 0, social_media_posts_limit: 2 },
      currentData: {
        blogs_limit: 0,
        blogs_topic_limit: used,
        google_ads_limit: 0,
        social_media_posts_limit: 0,
      },
    });
    let used = 0;
    const server = serve(page());
    const routes = server.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/plan_usage')
        return new Response(JSON.stringify(usage(used)), { headers: { 'Content-Type': 'application/json' } });
      if (path === '/api/blogs/topics' && init?.method === 'POST') {
        used += JSON.parse(String(init.body)).count;
        return new Response(
          JSON.stringify({ topics: [TOPIC], remaining: 3 - used, writer: 'offline', fallback_reason: null }),
          {
            headers: { 'Content-Type': 'application/json' },
          },
        );
      }
      return routes(input, init);
    });
    renderWithApp(<BlogsPage />, { path: '/website-content' });
    expect(await screen.findByText('3 of 3 left this month')).toBeInTheDocument();
    const howMany = screen.getByLabelText('How many', { selector: 'input' });
    expect(howMany).toHaveValue('1');
    await userEvent.click(howMany);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Suggest topics' }));
    expect(await screen.findByText('1 of 3 left this month')).toBeInTheDocument();
    // The choice of 2 is no longer allowed with 1 left: the field falls back to 1.
    expect(screen.getByLabelText('How many', { selector: 'input' })).toHaveValue('1');
  });

  it('without a website asks for Settings and for seed keywords before suggesting', async () => {
    serve(page({ has_website: false, blogs: [], total: 0, total_pages: 1 }));
    renderWithApp(<BlogsPage />, { path: '/website-content' });
    expect(await screen.findByText('No blog posts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'add it in Settings' })).toHaveAttribute('href', '/settings');
    const suggest = screen.getByRole('button', { name: 'Suggest topics' });
    expect(suggest).toBeDisabled();
    const seeds = screen.getByRole('combobox', { name: 'Seed keywords' });
    await userEvent.type(seeds, 'email marketing{Enter}');
    expect(suggest).toBeEnabled();
  });
});
