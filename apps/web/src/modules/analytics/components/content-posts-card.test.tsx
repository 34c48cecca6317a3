import {
  CONTENT_POSTS_MESSAGES,
  type TContentPost,
  type TContentPostsResponse,
} from '@sales-assist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { ContentPostsCard } from './content-posts-card';

const SOURCE = 'Meta Graph API v26.0 GET /{page-post-id}/insights';
const AS_OF = '2026-03-10T12:00:00.000Z';

const figure = (metric: 'views' | 'reach' | 'reactions', value: number, platformMetric: string) => ({
  metric,
  value,
  source: `${SOURCE} (${platformMetric})`,
  as_of: AS_OF,
  fetched_at: AS_OF,
});

const POSTS: TContentPost[] = [
  {
    id: 11,
    network: 'facebook',
    title: 'Roasting day',
    account: 'Sandbox Coffee Roasters',
    published_at: '2026-03-09T09:00:00.000Z',
    url: 'https://www.facebook.com/1_2',
    state: 'measured',
    state_reason: null,
    checked_at: AS_OF,
    figures: [
      figure('views', 1234, 'post_media_view'),
      figure('reach', 864, 'post_total_media_view_unique'),
      figure('reactions', 61, 'post_reactions_by_type_total'),
    ],
  },
  {
    id: 12,
    network: 'linkedin',
    title: '=HYPERLINK("http://evil")',
    account: 'Ada Member',
    published_at: '2026-03-08T09:00:00.000Z',
    url: null,
    state: 'not_permitted',
    state_reason: 'LinkedIn shares post statistics only with the r_member_postAnalytics permission.',
    checked_at: AS_OF,
    figures: [],
  },
  {
    id: 13,
    network: 'wordpress',
    title: 'Blog article',
    account: 'Demo blog',
    published_at: '2026-03-07T09:00:00.000Z',
    url: null,
    state: 'not_offered',
    state_reason: null,
    checked_at: null,
    figures: [],
  },
];

/** Reads asked for (POST /analytics/content/posts/read), in this file's order. */
const reads: string[] = [];

/** The API as the card sees it: each figures call recorded with its query. */
const stubApi = (pages: (query: URLSearchParams) => TContentPostsResponse) => {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    if (path === '/analytics/content/posts') asked.push(url.searchParams);
    if (path === '/analytics/content/posts/read') reads.push(path);
    const body =
      path === '/me'
        ? ME
        : path === '/analytics/content/posts'
          ? pages(url.searchParams)
          : path === '/analytics/content/posts/read'
            ? { posts: 1, message: CONTENT_POSTS_MESSAGES.readingFigures(1) }
            : { error: 'not_found', message: 'No such call' };
    return new Response(JSON.stringify(body), {
      status: 'error' in body ? 404 : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return asked;
};

const renderCard = () => {
  sessionStore.set(SESSION);
  return renderWithApp(<ContentPostsCard />, { path: '/analytics' });
};

describe('Figures of published posts', () => {
  it('shows each post’s figures with their source and date, and why a post has none', async () => {
    stubApi(() => ({ posts: POSTS, next_cursor: null }));
    renderCard();
    const table = await screen.findByRole('table', { name: 'Figures of published posts' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const facebook = rows[1] as HTMLElement;
    expect(within(facebook).getByRole('link', { name: 'Roasting day' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/1_2',
    );
    const views = within(facebook).getByLabelText(/^1,234 \(/);
    expect(views.getAttribute('aria-label')).toContain(`${SOURCE} (post_media_view), as of`);
    expect(within(facebook).getByText(/figures as of/)).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement).getByText('Not available with the granted permissions'),
    ).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('WordPress gives no figures')).toBeInTheDocument();
  });

  it('asks for one network when chosen, and loads the next page', async () => {
    const asked = stubApi((query) =>
      query.get('cursor')
        ? { posts: [{ ...POSTS[0], id: 99, title: 'Older post' } as TContentPost], next_cursor: null }
        : { posts: POSTS.slice(0, 1), next_cursor: 'next-page' },
    );
    const user = userEvent.setup();
    renderCard();
    await screen.findByText('Roasting day');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older post')).toBeInTheDocument();
    expect(asked.at(-1)?.get('cursor')).toBe('next-page');
    await user.click(screen.getByText('LinkedIn'));
    await waitFor(() => expect(asked.at(-1)?.get('network')).toBe('linkedin'));
  });

  it('exports a row per post and figure with its source, a formula-looking title neutralised', async () => {
    stubApi(() => ({ posts: POSTS, next_cursor: null }));
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:figures';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCard();
    await screen.findByText('Roasting day');
    await user.click(screen.getByRole('button', { name: 'Export CSV: published-post-figures.csv' }));
    const lines = (await blobs[0]?.text())?.replace('\uFEFF', '').split('\r\n') ?? [];
    expect(lines[0]).toBe('Network,Post,Account,Published at,Metric,Value,Source,As of,Read at');
    expect(lines[1]).toBe(
      `Facebook,Roasting day,Sandbox Coffee Roasters,2026-03-09T09:00:00.000Z,views,1234,${SOURCE} (post_media_view),${AS_OF},${AS_OF}`,
    );
    expect(lines).toHaveLength(6);
    expect(lines[4]?.startsWith(`LinkedIn,"'=HYPERLINK(""http://evil"")"`)).toBe(true);
    expect(lines[4]).toContain('Not available with the granted permissions');
  });

  it('reads the figures now when asked, says so, and shows them as they come', async () => {
    const waiting: TContentPost = { ...(POSTS[0] as TContentPost), state: 'waiting', figures: [] };
    stubApi(() => ({ posts: [reads.length > 0 ? (POSTS[0] as TContentPost) : waiting], next_cursor: null }));
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByText('First figures about an hour after publishing')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Read figures now' }));
    expect(await screen.findByText(CONTENT_POSTS_MESSAGES.readingFigures(1))).toBeInTheDocument();
    expect(reads).toHaveLength(1);
    expect(await screen.findByLabelText(/^1,234 \(/)).toBeInTheDocument();
  });

  it('says when nothing was published yet', async () => {
    stubApi(() => ({ posts: [], next_cursor: null }));
    renderCard();
    expect(await screen.findByText('No published posts yet')).toBeInTheDocument();
  });
});
