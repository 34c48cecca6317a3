import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, testQueryClient } from '../../../test/render';
import { InputPicture } from './input-picture';

/** jsdom has no blob: URLs: count what is made and revoked. */
const stubObjectUrls = () => {
  const live = new Set<string>();
  let made = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => {
        made += 1;
        const url = `blob:test/${made}`;
        live.add(url);
        return url;
      },
      revokeObjectURL: (url: string) => live.delete(url),
    }),
  );
  return live;
};

describe('InputPicture', () => {
  it('fetches the picture with the bearer token and shows it from a blob: URL that stays valid (StrictMode)', async () => {
    sessionStore.set(SESSION);
    const live = stubObjectUrls();
    const requests: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
      return new Response(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }), { status: 200 });
    });
    renderWithApp(
      <StrictMode>
        <InputPicture id={42} variant="thumbnail" alt="Team photo" height={100} />
      </StrictMode>,
    );
    const image = await screen.findByRole('img', { name: 'Team photo' });
    await waitFor(() => expect(image.getAttribute('src')).toMatch(/^blob:test\//));
    expect(live.has(image.getAttribute('src') ?? '')).toBe(true);
    expect(requests[0]).toEqual({
      url: '/api/inputs/42/thumbnail',
      authorization: `Bearer ${SESSION.accessToken}`,
    });
  });

  it('a picture already fetched (back on the page) shows at once, and leaving lets go of every URL made (StrictMode)', async () => {
    const live = stubObjectUrls();
    const client = testQueryClient();
    client.setQueryData(
      ['inputs', 'picture', 9, 'image'],
      new Blob([new Uint8Array([1])], { type: 'image/png' }),
    );
    vi.stubGlobal('fetch', async () => {
      throw new Error('no request expected');
    });
    const view = renderWithApp(
      <StrictMode>
        <InputPicture id={9} variant="image" alt="Cached" height={100} />
      </StrictMode>,
      { client },
    );
    const image = await screen.findByRole('img', { name: 'Cached' });
    expect(live.has(image.getAttribute('src') ?? '')).toBe(true);
    // Leaving the page lets go of every URL made for it.
    view.unmount();
    expect(live.size).toBe(0);
  });

  it('shows a placeholder when the picture cannot be loaded', async () => {
    sessionStore.set(SESSION);
    stubObjectUrls();
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
    renderWithApp(<InputPicture id={7} variant="image" alt="Logo" height={100} />);
    expect(
      await screen.findByLabelText('Logo could not be loaded', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });
});
