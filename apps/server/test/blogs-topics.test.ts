import { BLOG_MESSAGES, PREMIUM_POPUP_TEXTS } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { setTier, unitsUsed, withWebsite } from './support/blog-factories';
import { type ScriptedWriter, scriptedWriter } from './support/blog-writer';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let writer: ScriptedWriter;
beforeAll(async () => {
  writer = scriptedWriter('llm');
  h = await startHarness({ engine: false, deps: { content: writer } });
});
afterAll(() => h.close());
beforeEach(() => {
  writer.failing.clear();
  writer.topicsAnswered = null;
});

const suggest = (user: SeededUser, body: object) =>
  h.call('POST', '/api/blogs/topics', { token: user.accessToken, body });

const premiumWithSite = async (): Promise<SeededUser> => {
  const user = await seedUser(h);
  await withWebsite(h, user.user.id);
  return user;
};

describe('suggest blog topics', () => {
  it('keeps each topic as a blog_topic item, takes one unit each and lists them newest first', async () => {
    const user = await premiumWithSite();
    const response = await suggest(user, { seed_keywords: ['crm'], count: 3 });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.topics).toHaveLength(3);
    expect(answer.topics[0]).toMatchObject({ title: 'Topic 1 about crm', angle: 'Angle 1', writer: 'llm' });
    expect(answer.remaining).toBe(21);
    expect(await unitsUsed(h, user.user.id, 'blog_topics')).toBe(3);
    const rows = await h.deps.db
      .select()
      .from(contentItems)
      .where(and(eq(contentItems.userId, user.user.id), eq(contentItems.kind, 'blog_topic')));
    expect(rows).toHaveLength(3);
    // The call's tokens are shared out over its topics and add up to the call.
    expect(rows.reduce((sum, row) => sum + row.promptTokens + row.completionTokens, 0)).toBe(600);
    // The writer was given the brand profile and the current blog_topics prompt.
    const call = writer.calls.at(-1);
    expect(call?.context.prompt.text.length).toBeGreaterThan(0);
    expect(call?.context.userId).toBe(user.user.id);

    const listed = await h.call('GET', '/api/blogs/topics', { token: user.accessToken });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .topics.map((topic: { title: string }) => topic.title)
        .sort(),
    ).toEqual(answer.topics.map((topic: { title: string }) => topic.title).sort());
  });

  it('without a website asks for one, or for seed keywords', async () => {
    const user = await seedUser(h);
    const refused = await suggest(user, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'website_required', message: BLOG_MESSAGES.noWebsite });
    expect(await unitsUsed(h, user.user.id, 'blog_topics')).toBe(0);
    const seeded = await suggest(user, { seed_keywords: ['email marketing'], count: 1 });
    expect(seeded.statusCode).toBe(200);
    expect(seeded.json().topics[0].title).toBe('Topic 1 about email marketing');
  });

  it('never suggests more than the month has left; then answers 402 with the premium pop-up texts', async () => {
    const user = await premiumWithSite();
    await setTier(h, user.user.id, 'Basic');
    const first = await suggest(user, { count: 2 });
    expect(first.json().remaining).toBe(1);
    const capped = await suggest(user, { count: 5 });
    expect(capped.statusCode).toBe(200);
    expect(capped.json().topics).toHaveLength(1);
    expect(capped.json().remaining).toBe(0);
    const over = await suggest(user, { count: 1 });
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({
      error: 'plan_limit_reached',
      message: PREMIUM_POPUP_TEXTS.Basic.message,
      title: PREMIUM_POPUP_TEXTS.Basic.title,
      // What the pop-up shows besides its words: which limit, 3 of 3 used, and the day it starts again.
      metric: 'blog_topics',
      limit: 3,
      used: 3,
      resets_on: expect.stringMatching(/^\d{4}-\d{2}-01$/),
    });
    expect(await unitsUsed(h, user.user.id, 'blog_topics')).toBe(3);
  });

  it('a failed writer answers 502 and counts nothing; fewer topics than asked give the rest back', async () => {
    const user = await premiumWithSite();
    writer.failing.add('suggestTopics');
    const failed = await suggest(user, { count: 3 });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: 'generation_failed', message: BLOG_MESSAGES.topicsFailed });
    expect(await unitsUsed(h, user.user.id, 'blog_topics')).toBe(0);
    writer.failing.clear();
    writer.topicsAnswered = 2;
    const fewer = await suggest(user, { count: 4 });
    expect(fewer.json().topics).toHaveLength(2);
    expect(await unitsUsed(h, user.user.id, 'blog_topics')).toBe(2);
  });

  it('two requests for the last topic: exactly one passes', async () => {
    const user = await premiumWithSite();
    await setTier(h, user.user.id, 'Basic');
    await suggest(user, { count: 2 });
    const answers = await Promise.all([suggest(user, { count: 1 }), suggest(user, { count: 1 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402]);
    expect(await unitsUsed(h, user.user.id, 'blog_topics')).toBe(3);
  });

  it.each([
    [{ seed_keywords: [''] }, BLOG_MESSAGES.keywordEmpty],
    [{ seed_keywords: ['   '] }, BLOG_MESSAGES.keywordEmpty],
    [{ seed_keywords: ['x'.repeat(61)] }, BLOG_MESSAGES.keywordTooLong],
    [{ seed_keywords: Array.from({ length: 11 }, (_, i) => `k${i}`) }, BLOG_MESSAGES.tooManyKeywords],
    [{ count: 0 }, 'count must be at least 1'],
    [{ count: 7 }, 'count must be at most 6'],
  ])('refuses %j with a clear 400', async (body, message) => {
    const user = await premiumWithSite();
    const response = await suggest(user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
    expect(await unitsUsed(h, user.user.id, 'blog_topics')).toBe(0);
  });

  it("another user's topic cannot ground a post (404)", async () => {
    const owner = await premiumWithSite();
    const stranger = await premiumWithSite();
    const [topic] = (await suggest(owner, { count: 1 })).json().topics;
    const response = await h.call('POST', '/api/blogs', {
      token: stranger.accessToken,
      body: { topic_id: topic.id, topic: topic.title },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: BLOG_MESSAGES.topicNotFound });
    expect(await unitsUsed(h, stranger.user.id, 'blogs')).toBe(0);
  });
});
