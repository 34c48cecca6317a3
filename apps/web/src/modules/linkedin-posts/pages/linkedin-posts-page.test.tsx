import { LINKEDIN_POST_MESSAGES, OFFLINE_DRAFT_LABEL, type TLinkedinPost } from '@sales-assist/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { PostEditor } from '../components/post-editor';
import { LinkedinPostsPage } from './linkedin-posts-page';

// jsdom has no font loading; Mantine's autosizing textarea listens for it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

const post = (id: number, text: string): TLinkedinPost => ({
  id,
  text,
  hook: text.split('\n')[0] ?? '',
  hashtags: ['#Growth'],
  characters: text.length,
  status: 'draft',
  writer: 'offline',
  model: null,
  source: { type: 'topic', label: 'Planning', id: null },
  prompt_tokens: 0,
  completion_tokens: 0,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server-sent event stream the test writes to, one event at a time. */
const controlledStream = () => {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start: (own) => {
      controller = own;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    send: (event: string, data: unknown) =>
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    close: () => controller?.close(),
  };
};

describe('the LinkedIn posts page', () => {
  it('shows each variant as it is written, then the variants to keep: only a kept one is saved', async () => {
    sessionStore.set(SESSION);
    const stream = controlledStream();
    const generateBodies: unknown[] = [];
    const keepBodies: unknown[] = [];
    const saved: TLinkedinPost[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/linkedin-posts' && (init?.method ?? 'GET') === 'GET') {
        return json({ posts: saved, total: saved.length, page: 1, limit: 10, writer: 'offline' });
      }
      if (url.pathname === '/api/linkedin-posts' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { text: string };
        keepBodies.push(body);
        saved.unshift(post(21, body.text));
        return json(saved[0], 201);
      }
      if (url.pathname === '/api/linkedin-posts/generate') {
        generateBodies.push(JSON.parse(String(init?.body)));
        return stream.response;
      }
      if (url.pathname === '/api/inputs') return json({ inputs: [], total: 0 });
      return json({ error: 'not_found', message: 'No such call' }, 404);
    });
    renderWithApp(<LinkedinPostsPage />, { path: '/linkedin' });
    expect(await screen.findByText('No LinkedIn posts yet')).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_DRAFT_LABEL)).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Topic' }), {
      target: { value: 'Weekly planning' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Write posts' }));
    await waitFor(() => expect(generateBodies).toHaveLength(1));
    expect(generateBodies[0]).toEqual({
      source: { type: 'topic', topic: 'Weekly planning' },
      variants: 2,
      input_ids: [],
    });

    stream.send('start', { variants: 2, writer: 'offline', model: null });
    stream.send('delta', { variant: 0, text: 'Plans fail ' });
    stream.send('delta', { variant: 1, text: 'Mondays matter' });
    const live = await screen.findAllByTestId('streaming-variant');
    expect(live).toHaveLength(2);
    await waitFor(() => expect(live[0]).toHaveTextContent('Plans fail'));
    expect(live[1]).toHaveTextContent('Mondays matter');
    stream.send('delta', { variant: 0, text: 'on Fridays.' });
    await waitFor(() => expect(live[0]).toHaveTextContent('Plans fail on Fridays.'));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    const variant = (index: number, text: string) => ({
      variant: index,
      text,
      hook: text.split('\n')[0] ?? '',
      hashtags: [],
      characters: text.length,
      review: index === 1 ? ['It has no hashtags.'] : [],
    });
    stream.send('done', {
      variants: [
        variant(0, 'Plans fail on Fridays.\n\nBody one.'),
        variant(1, 'Mondays matter.\n\nBody two.'),
      ],
      writer: 'offline',
      model: null,
      source: { type: 'topic', label: 'Weekly planning', id: null },
      generation: 'receipt.signature',
      fallback_reason: null,
    });
    stream.close();
    const cards = await screen.findAllByTestId('variant-card');
    expect(cards).toHaveLength(2);
    const second = cards[1] as HTMLElement;
    expect(within(cards[0] as HTMLElement).getByText('Offline draft')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Choose' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('streaming-variant')).toHaveLength(0);
    // What the model still left out is said on its post, and only there.
    expect(within(second).getByText('Check before posting: It has no hashtags.')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).queryByText(/Check before posting/)).not.toBeInTheDocument();
    expect(screen.getByTestId('variants-note')).toHaveTextContent('Only the variants you keep are saved');
    // Written is not saved: the list is still empty until a variant is kept.
    expect(keepBodies).toEqual([]);
    expect(screen.getByText('No LinkedIn posts yet')).toBeInTheDocument();

    fireEvent.click(within(second).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(within(second).getByRole('button', { name: 'Kept' })).toBeDisabled());
    expect(keepBodies).toEqual([
      { generation: 'receipt.signature', variant: 1, text: 'Mondays matter.\n\nBody two.' },
    ]);
    expect(second).toHaveAttribute('data-kept', 'true');
    expect(cards[0]).toHaveAttribute('data-kept', 'false');
    expect(await screen.findByRole('button', { name: 'Open post: Mondays matter.' })).toBeInTheDocument();
    expect(screen.getByText(LINKEDIN_POST_MESSAGES.kept)).toBeInTheDocument();
  });
});

describe('the post editor', () => {
  it('counts characters live, turns red over 3,000 and will not save then', async () => {
    sessionStore.set(SESSION);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/linkedin-posts/7') return json(post(7, 'Hook\n\nBody'));
      return json({ error: 'not_found', message: 'No such call' }, 404);
    });
    renderWithApp(<PostEditor id={7} onDeleted={() => undefined} />);
    const editor = await screen.findByLabelText('Post text');
    expect(screen.getByTestId('character-count')).toHaveTextContent('10 / 3,000');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    fireEvent.change(editor, { target: { value: 'x'.repeat(3000) } });
    expect(screen.getByTestId('character-count')).toHaveTextContent('3,000 / 3,000');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    fireEvent.change(editor, { target: { value: 'x'.repeat(3001) } });
    expect(screen.getByTestId('character-count')).toHaveTextContent('3,001 / 3,000 — too long for LinkedIn');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
