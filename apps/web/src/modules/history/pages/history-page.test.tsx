import type { THistoryItem } from '@sales-assist/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { HistoryPage } from './history-page';

const item = (id: number, over: Partial<THistoryItem> = {}): THistoryItem => ({
  id,
  kind: 'linkedin_post',
  status: 'ready',
  title: `Item ${id}`,
  excerpt: `The text of item ${id}`,
  writer: 'offline',
  model: null,
  prompt: null,
  source_id: null,
  source_title: null,
  created_at: '2026-11-23T10:00:00.000Z',
  ...over,
});

describe('the History page', () => {
  it('shows who wrote each item and the prompt, filters by type and loads the next page by cursor', async () => {
    sessionStore.set(SESSION);
    const asked: URLSearchParams[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.searchParams);
      const body =
        url.searchParams.get('cursor') === 'next-1'
          ? {
              items: [
                item(3, { kind: 'blog', title: 'An older blog post', source_id: 9, source_title: null }),
              ],
              next_cursor: null,
            }
          : url.searchParams.get('kind') === 'blog'
            ? { items: [item(3, { kind: 'blog', title: 'An older blog post' })], next_cursor: null }
            : {
                items: [
                  item(1, {
                    writer: 'llm',
                    model: 'gpt-4o-mini',
                    prompt: { id: 4, name: 'LinkedIn post', version: 2 },
                  }),
                  item(2, { source_id: 3, source_title: 'Ten ways to brew better coffee' }),
                ],
                next_cursor: 'next-1',
              };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    });
    renderWithApp(<HistoryPage />, { path: '/history' });
    expect(await screen.findByText('Item 1')).toBeInTheDocument();
    expect(screen.getByText(/AI model · gpt-4o-mini · Prompt: LinkedIn post \(v2\)/)).toBeInTheDocument();
    expect(screen.getByText(/Offline writer/)).toBeInTheDocument();
    // The source by its title, never a bare number; one deleted since is said so.
    expect(screen.getByText('made from “Ten ways to brew better coffee”')).toBeInTheDocument();
    expect(screen.queryByText(/made from #/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('An older blog post')).toBeInTheDocument();
    expect(screen.getByText('made from a deleted item')).toBeInTheDocument();
    expect(screen.getAllByTestId('history-row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked.at(-1)?.get('cursor')).toBe('next-1');

    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Blog post' }));
    await waitFor(() => expect(asked.at(-1)?.get('kind')).toBe('blog'));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(1));
  });
});
