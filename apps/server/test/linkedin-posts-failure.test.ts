import { LINKEDIN_POST_MESSAGES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import type { ContentWriter } from '../src/lib/writers/content-writer/types';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { listen, postStream } from './support/sse-client';

const unused = () => Promise.reject(new Error('not used here'));

/** A writer that streams a little, then fails as no fallback could save it (or answers nothing usable). */
let mode: 'throw' | 'empty' = 'throw';
const failingWriter: ContentWriter = {
  kind: 'llm',
  suggestTopics: unused,
  writeBlogPost: unused,
  rewriteSection: unused,
  writeSocialPosts: unused,
  selectInfographicContent: unused,
  describeSocialImage: unused,
  writeSearchAd: unused,
  rewriteSearchAdField: unused,
  suggestKeywords: unused,
  writeLinkedinPosts: async (context) => {
    context.onDelta?.('Half a hook that never');
    if (mode === 'throw') throw new Error('the writer broke');
    return {
      result: [{ hook: ' ', body: '', hashtags: [] }],
      writer: 'llm',
      model: 'm',
      usage: { promptTokens: 1, completionTokens: 1 },
    };
  },
};

let h: Harness;
let base: string;
let user: SeededUser;
beforeAll(async () => {
  h = await startHarness({ engine: false, deps: { content: failingWriter } });
  base = await listen(h);
  user = await seedUser(h);
});
afterAll(() => h.close());

describe('a generation that fails after the stream opened', () => {
  it.each(['throw', 'empty'] as const)('(%s) ends with an error event and saves nothing', async (how) => {
    mode = how;
    const result = await postStream(base, '/api/linkedin-posts/generate', {
      token: user.accessToken,
      body: { source: { type: 'topic', topic: 'Anything' }, variants: 2 },
    });
    expect(result.status).toBe(200);
    expect(result.events.map((event) => event.event)).toEqual(['start', 'delta', 'error']);
    expect(result.events.at(-1)?.data).toEqual({
      error: 'generation_failed',
      message: LINKEDIN_POST_MESSAGES.generationFailed,
    });
    const rows = await h.deps.db.select().from(contentItems).where(eq(contentItems.userId, user.user.id));
    expect(rows).toEqual([]);
  });
});
