import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { aBlogCard } from '../../../test/blog-post-fixture';
import { aScheduleItem, ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { BlogCardView } from './blog-card';

const BLOG = aBlogCard({
  id: 3,
  topic: 'Cold brew',
  title: 'Cold brew at home',
  slug: 'cold-brew-at-home',
  meta_description: 'How to make cold brew',
  word_count: 640,
  writer: 'offline',
  model: null,
  excerpt: 'Cold brew, step by step.',
});

const PUBLISHED = aScheduleItem({
  ID: 9,
  title: 'Cold brew at home',
  target_name: 'Roastery Blog',
  connection_id: '00000000-0000-4000-8000-000000000003',
  status: 'published',
  url: 'https://blog.example/cold-brew-at-home',
  published_at: '2026-11-24T13:05:04.000Z',
  attempts: 1,
});

afterEach(() => vi.unstubAllGlobals());

const serve = () => {
  const api = stubApi({
    'GET /api/me': { body: ME },
    'GET /api/schedule': { body: { data: [PUBLISHED], truncated: false } },
    'GET /api/schedule/targets': {
      body: {
        data: [
          {
            id: '00000000-0000-4000-8000-000000000003',
            platform: 'wordpress',
            name: 'Roastery Blog',
            picture: null,
            status: 'connected',
          },
          {
            id: '00000000-0000-4000-8000-000000000004',
            platform: 'linkedin',
            name: 'Jane Doe',
            picture: null,
            status: 'connected',
          },
        ],
      },
    },
  });
  vi.stubGlobal('fetch', api.fetch);
};

describe('a blog card', () => {
  it('says where the post was published and schedules it to WordPress', async () => {
    sessionStore.set(SESSION);
    serve();
    renderWithApp(<BlogCardView blog={BLOG} onOpen={vi.fn()} onDelete={vi.fn()} />);
    await waitFor(() =>
      expect(screen.getByTestId('schedule-badge-3')).toHaveTextContent(/^Published · Nov 24, /),
    );
    expect(screen.getByTestId('schedule-badge-3').closest('a')).toHaveAttribute('href', '/schedule?post=9');

    fireEvent.click(screen.getByRole('button', { name: 'Schedule Cold brew at home' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('checkbox', { name: 'Roastery Blog (Wordpress)' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Jane Doe')).not.toBeInTheDocument();
  });

  it('offers no Schedule while the post is being written', () => {
    sessionStore.set(SESSION);
    serve();
    renderWithApp(
      <BlogCardView
        blog={{ ...BLOG, status: 'generating', progress: 40 }}
        onOpen={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Schedule / })).not.toBeInTheDocument();
  });

  it('says its place while the built-in model answers others first, keeping the progress bar', () => {
    sessionStore.set(SESSION);
    serve();
    const writing = { ...BLOG, status: 'generating' as const, progress: 5 };
    const view = renderWithApp(
      <BlogCardView blog={{ ...writing, waiting_for_model: 3 }} onOpen={vi.fn()} onDelete={vi.fn()} />,
    );
    expect(screen.getByText('Waiting for the model: 3 answers ahead of yours')).toBeInTheDocument();
    expect(screen.queryByText('Writing… 5%')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Writing: 5%' })).toBeInTheDocument();
    view.unmount();

    const next = renderWithApp(
      <BlogCardView blog={{ ...writing, waiting_for_model: 1 }} onOpen={vi.fn()} onDelete={vi.fn()} />,
    );
    expect(screen.getByText('Waiting for the model: yours is next')).toBeInTheDocument();
    next.unmount();

    // Its turn came: the percentage again.
    renderWithApp(
      <BlogCardView blog={{ ...writing, waiting_for_model: null }} onOpen={vi.fn()} onDelete={vi.fn()} />,
    );
    expect(screen.getByText('Writing… 5%')).toBeInTheDocument();
    expect(screen.queryByText(/Waiting for the model/)).not.toBeInTheDocument();
  });

  it('shows a post the writer could not fit as needing review, with its note, instead of Ready', () => {
    sessionStore.set(SESSION);
    serve();
    const note = 'It has about 110 words; about 1,200 were asked for.';
    renderWithApp(
      <BlogCardView
        blog={{ ...BLOG, writer: 'llm', word_count: 110, review: [note] }}
        onOpen={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.getByText('Needs review')).toBeInTheDocument();
    expect(screen.queryByText('Ready')).not.toBeInTheDocument();
    expect(screen.getByText(note)).toBeInTheDocument();
  });
});
