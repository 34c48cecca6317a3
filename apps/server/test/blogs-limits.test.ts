import { PREMIUM_POPUP_TEXTS } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { setTier, unitsUsed, withWebsite } from './support/blog-factories';
import { scriptedWriter } from './support/blog-writer';
import { recordingJobs } from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  // Jobs are only recorded: the limits are counted when a post is asked for, not when it is written.
  h = await startHarness({ engine: false, deps: { content: scriptedWriter('llm'), jobs: recordingJobs() } });
});
afterAll(() => h.close());

const userOf = async (tier: 'Basic' | 'Premium'): Promise<SeededUser> => {
  const user = await seedUser(h);
  await withWebsite(h, user.user.id);
  await setTier(h, user.user.id, tier);
  return user;
};

const generate = (user: SeededUser, topic = 'A post') =>
  h.call('POST', '/api/blogs', { token: user.accessToken, body: { topic } });

const blogCount = async (userId: string) =>
  (
    await h.deps.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.userId, userId), eq(contentItems.kind, 'blog')))
  ).length;

describe('blog posts per plan and month (spec §9)', () => {
  it.each([
    ['Basic', 1],
    ['Premium', 8],
  ] as const)(
    '%s writes %i, then sees the premium pop-up (402) and nothing is created',
    async (tier, limit) => {
      const user = await userOf(tier);
      for (let index = 0; index < limit; index += 1) {
        expect((await generate(user, `Post ${index}`)).statusCode).toBe(202);
      }
      const over = await generate(user, 'One too many');
      expect(over.statusCode).toBe(402);
      expect(over.json()).toMatchObject({
        error: 'plan_limit_reached',
        message: PREMIUM_POPUP_TEXTS[tier].message,
        title: PREMIUM_POPUP_TEXTS[tier].title,
        metric: 'blogs',
        limit,
        used: limit,
      });
      expect(await blogCount(user.user.id)).toBe(limit);
      expect(await unitsUsed(h, user.user.id, 'blogs')).toBe(limit);
    },
  );

  it('two requests at the last unit: exactly one passes and one post exists', async () => {
    const user = await userOf('Basic');
    const answers = await Promise.all([generate(user, 'First'), generate(user, 'Second')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 402]);
    expect(await blogCount(user.user.id)).toBe(1);
    expect(await unitsUsed(h, user.user.id, 'blogs')).toBe(1);
  });

  it.each([
    ['Basic', 3],
    ['Premium', 24],
  ] as const)('%s gets %i topics a month', async (tier, limit) => {
    const user = await userOf(tier);
    let got = 0;
    while (got < limit) {
      const answer = await h.call('POST', '/api/blogs/topics', {
        token: user.accessToken,
        body: { count: 6 },
      });
      expect(answer.statusCode).toBe(200);
      got += answer.json().topics.length;
      expect(answer.json().remaining).toBe(limit - got);
    }
    const over = await h.call('POST', '/api/blogs/topics', { token: user.accessToken, body: {} });
    expect(over.statusCode).toBe(402);
    expect(over.json().message).toBe(PREMIUM_POPUP_TEXTS[tier].message);
  });
});
