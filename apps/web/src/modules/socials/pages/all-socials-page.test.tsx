import type { TSocialPost, TSocialPostsResponse } from '@sales-assist/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { AllSocialsPage } from './all-socials-page';

const post = (id: number): TSocialPost => ({
  id,
  network: id % 2 === 0 ? 'facebook' : 'linkedin',
  text: `Post number ${id}`,
  characters: 14,
  hashtags: [],
  image_uri: null,
  image: {
    source: 'theme',
    status: 'failed',
    error: 'The picture could not be made',
    fallback_reason: null,
    mime: null,
    width: null,
    height: null,
    version: 1,
    fit_notes: [],
  },
  theme_id: 1,
  theme: 'Paper List',
  generation_id: `g${id}`,
  source: { type: 'topic', label: 'Topic', id: null },
  writer: 'offline',
  model: null,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
});

const page = (items: TSocialPost[], total: number): TSocialPostsResponse => ({
  items,
  total,
  page: 1,
  limit: 10,
  writer: 'offline',
  image_model: false,
});

describe('AllSocialsPage', () => {
  it('says there are no posts yet and offers to create some', async () => {
    sessionStore.set(SESSION);
    const api = stubApi({ 'GET /api/socials': { body: page([], 0) } });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<AllSocialsPage />);
    expect(await screen.findByText('No social posts yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Create posts' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows 10 posts with the five-number pager once there are more than 10', async () => {
    sessionStore.set(SESSION);
    const api = stubApi({
      'GET /api/socials': {
        body: page(
          Array.from({ length: 10 }, (_, i) => post(i + 1)),
          23,
        ),
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<AllSocialsPage />);
    expect(await screen.findByRole('button', { name: 'Open the LinkedIn post 1' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Open the (Facebook|LinkedIn) post \d+$/ })).toHaveLength(
      10,
    );
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(screen.getByText('23 in all')).toBeTruthy();
    // A picture that could not be made says why, in its frame.
    expect(screen.getAllByText('The picture could not be made').length).toBe(10);
    expect(api.calls[0]?.path).toBe('/api/socials');
  });
});
