import { BLOG_MESSAGES } from '@sales-assist/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { aBlogPost } from '../../../test/blog-post-fixture';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { BlogPictureCard } from './blog-picture-card';

const POST = aBlogPost();

afterEach(() => vi.unstubAllGlobals());

describe('the blog post’s picture card', () => {
  it('chooses a theme’s infographic and saves it, saying so', async () => {
    const api = stubApi({
      'GET /api/me': { body: ME },
      'GET /api/infographic-themes': {
        body: {
          themes: [
            {
              id: 4,
              name: 'Ocean Cards',
              layout: 'cards',
              size: '1080x1080',
              version: 1,
              preview_uri: '/p/4',
            },
          ],
        },
      },
      'PUT /api/blogs/7/picture': {
        body: { blog: { ...POST, picture: { source: 'theme', theme_id: 4, input_id: null } } },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    sessionStore.set(SESSION);
    renderWithApp(<BlogPictureCard blog={POST} />);
    const user = userEvent.setup();
    // Nothing to save while nothing is chosen.
    expect(screen.getByRole('button', { name: 'Remove the picture' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Infographic' }));
    expect(screen.getByRole('button', { name: 'Use this picture' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Theme' }));
    await user.click(await screen.findByRole('option', { name: 'Ocean Cards' }));
    await user.click(screen.getByRole('button', { name: 'Use this picture' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ source: 'theme', theme_id: 4 }),
    );
    expect(await screen.findByText(BLOG_MESSAGES.pictureSaved)).toBeInTheDocument();
  });
});
