import type { TSocialPost } from '@sales-assist/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { aSocialPost } from '../../../test/social-post-fixture';
import { SocialPostCard } from './social-post-card';

// jsdom has no FontFaceSet: Mantine's autosizing textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const serve = (post: TSocialPost) => {
  const api = stubApi({
    [`GET /api/socials/${post.id}`]: { body: { post } },
    'GET /api/me': { body: ME },
    'GET /api/schedule': { body: { data: [], truncated: false } },
    'GET /api/schedule/targets': {
      body: {
        data: [
          {
            id: '00000000-0000-4000-8000-000000000004',
            platform: 'facebook',
            name: 'Roastery Page',
            picture: null,
            status: 'connected',
          },
          {
            id: '00000000-0000-4000-8000-000000000005',
            platform: 'instagram',
            name: 'roastery.gram',
            picture: null,
            status: 'connected',
          },
          {
            id: '00000000-0000-4000-8000-000000000006',
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

afterEach(() => vi.unstubAllGlobals());

describe('scheduling a social post from its card', () => {
  it('waits for the picture before an Instagram post can be scheduled', async () => {
    sessionStore.set(SESSION);
    const post = aSocialPost({ id: 7, network: 'instagram', text: 'New beans' });
    serve(post);
    renderWithApp(<SocialPostCard post={post} imageModel={false} />);
    expect(await screen.findByRole('button', { name: 'Schedule New beans' })).toBeDisabled();
  });

  it('offers only the accounts of the post’s own network', async () => {
    sessionStore.set(SESSION);
    const post = aSocialPost({
      id: 8,
      network: 'facebook',
      text: 'New beans\n\nIn the shop today.',
      image_uri: '/api/socials/8/image?v=1',
      image: { status: 'ready', mime: 'image/png', width: 1080, height: 1080 },
    });
    serve(post);
    renderWithApp(<SocialPostCard post={post} imageModel={false} />);
    const schedule = await screen.findByRole('button', { name: 'Schedule New beans' });
    expect(schedule).toBeEnabled();
    fireEvent.click(schedule);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule' });
    expect(
      await within(dialog).findByRole('checkbox', { name: 'Roastery Page (Facebook)' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('roastery.gram')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Jane Doe')).not.toBeInTheDocument();
  });
});
