import { BLOG_MESSAGES } from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitsUsed, withWebsite } from './support/blog-factories';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

/** Topic ideas without a model come only from the user's own material: none to take is theirs to add. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ engine: false });
});
afterAll(() => h.close());

describe('topic ideas without a model', () => {
  it('a site not read yet and no seed keywords: says what to add (400), counts nothing', async () => {
    const user = await seedUser(h);
    await withWebsite(h, user.user.id);
    const refused = await h.call('POST', '/api/blogs/topics', {
      token: user.accessToken,
      body: { count: 2 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'validation_error', message: BLOG_MESSAGES.noTopicMaterial });
    expect(await unitsUsed(h, user.user.id, 'blog_topics')).toBe(0);

    const seeded = await h.call('POST', '/api/blogs/topics', {
      token: user.accessToken,
      body: { count: 1, seed_keywords: ['invoice approval'] },
    });
    expect(seeded.statusCode).toBe(200);
    expect(seeded.json().topics.map((topic: { title: string }) => topic.title)).toEqual(['Invoice approval']);
    expect(await unitsUsed(h, user.user.id, 'blog_topics')).toBe(1);
  });
});
