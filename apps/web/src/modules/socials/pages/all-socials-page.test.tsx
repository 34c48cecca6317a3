import type { TSocialPost, TSocialPostsResponse } from '@sales-assist/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { aSocialPost } from '../../../test/social-post-fixture';
import { AllSocialsPage } from './all-socials-page';

const post = (id: number): TSocialPost =>
  aSocialPost({
    id,
    network: id % 2 === 0 ? 'facebook' : 'linkedin',
    text: `Post number ${id}`,
    characters: 14,
    generation_id: `g${id}`,
    image: { status: 'failed', error: 'The picture could not be made' },
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
