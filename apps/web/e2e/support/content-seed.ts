import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** An account's API headers, signed in as the screens do. */
export const apiHeaders = async (
  request: APIRequestContext,
  user: { email: string; password: string },
): Promise<{ Authorization: string }> => {
  const login = await request.post('/api/loginv2', {
    data: { email: user.email, password: user.password, captcha_token: '' },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
};

/**
 * Social posts on `topic` for `networks`, written by the server in the account's first picture theme; answers
 * their content ids once every picture is drawn.
 */
export const readySocialPosts = async (
  request: APIRequestContext,
  headers: { Authorization: string },
  topic: string,
  networks: ('instagram' | 'facebook' | 'linkedin')[],
): Promise<number[]> => {
  const { themes } = (await (await request.get('/api/infographic-themes', { headers })).json()) as {
    themes: { id: number }[];
  };
  const made = await request.post('/api/socials', {
    headers,
    data: { topic, networks, theme_id: themes[0]?.id },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { items } = (await made.json()) as { items: { id: number }[] };
  for (const { id } of items) {
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/socials/${id}`, { headers })).json()) as {
              post: { image: { status: string } };
            }
          ).post.image.status,
        { timeout: 60_000, intervals: [500] },
      )
      .toBe('ready');
  }
  return items.map((item) => item.id);
};
