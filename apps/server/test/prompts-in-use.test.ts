import { type LlmStandIn, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { currentPrompt } from '../src/modules/prompts/current-prompt';
import { withWebsite } from './support/blog-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { listen, postStream } from './support/sse-client';

let h: Harness;
let llm: LlmStandIn;
let base: string;
let admin: SeededUser;
let writer: SeededUser;

beforeAll(async () => {
  llm = await startLlmStandIn();
  h = await startHarness({ engine: false, env: { LLM_BASE_URL: `${llm.url}/v1`, LLM_API_KEY: 'test-key' } });
  base = await listen(h);
  admin = await seedUser(h, { admin: true });
  writer = await seedUser(h);
  await withWebsite(h, writer.user.id);
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

/** Writes LinkedIn posts on `topic` and keeps one; answers what the model was sent and the kept post's prompt. */
const writePosts = async (topic: string) => {
  const result = await postStream(base, '/api/linkedin-posts/generate', {
    token: writer.accessToken,
    body: { source: { type: 'topic', topic }, variants: 1 },
  });
  const done = result.events.at(-1);
  expect(done?.event, JSON.stringify(result.events.at(-1))).toBe('done');
  const { variants, generation } = (done?.data ?? {}) as { variants: { text: string }[]; generation: string };
  const kept = await h.call('POST', '/api/linkedin-posts', {
    token: writer.accessToken,
    body: { generation, variant: 0, text: variants[0]?.text },
  });
  expect(kept.statusCode, kept.body).toBe(201);
  const post = kept.json<{ id: number }>();
  const [row] = await h.deps.db.select().from(contentItems).where(eq(contentItems.id, post.id));
  return {
    sent: llm.promptOf(llm.requests.at(-1)),
    promptId: row?.promptId,
    promptVersion: row?.promptVersion,
  };
};

const asAdmin = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  h.call(method, url, { token: admin.accessToken, body });

describe('the next generation uses what the admin saved', () => {
  it('an edit, a new prompt, a retirement and a restored version each change the next LinkedIn post', async () => {
    const builtIn = await currentPrompt(h.deps.db, 'linkedin_post');
    const first = await writePosts('Why small teams ship faster');
    expect(first.sent).toContain('You write LinkedIn posts for');
    expect(first).toMatchObject({ promptId: builtIn.id, promptVersion: 1 });

    const edited = await asAdmin('PUT', `/api/admin/prompts/${builtIn.id}`, {
      text: 'MARKER-EDITED: one post about {topic} for {audience}, hook first.',
      version: 1,
    });
    expect(edited.statusCode).toBe(200);
    const second = await writePosts('Onboarding in one day');
    expect(second.sent).toContain('MARKER-EDITED: one post about Onboarding in one day');
    expect(second.sent).not.toContain('You write LinkedIn posts for');
    expect(second).toMatchObject({ promptId: builtIn.id, promptVersion: 2 });

    const created = await asAdmin('POST', '/api/admin/prompts', {
      name: 'LinkedIn, contrarian',
      purpose: 'linkedin_post',
      text: 'MARKER-NEW: a contrarian take on {topic}.',
    });
    const newer = created.json().prompt as { id: number };
    const third = await writePosts('Cold e-mail is dead');
    expect(third.sent).toContain('MARKER-NEW: a contrarian take on Cold e-mail is dead.');
    expect(third).toMatchObject({ promptId: newer.id, promptVersion: 1 });

    expect(
      (await asAdmin('PUT', `/api/admin/prompts/${newer.id}/retired`, { retired: true })).statusCode,
    ).toBe(200);
    const fourth = await writePosts('Pricing pages that convert');
    expect(fourth.sent).toContain('MARKER-EDITED: one post about Pricing pages that convert');
    expect(fourth.sent).not.toContain('MARKER-NEW');

    const restored = await asAdmin('POST', `/api/admin/prompts/${builtIn.id}/restore`, {
      from_version: 1,
      version: 2,
    });
    expect(restored.json().prompt.version).toBe(3);
    const fifth = await writePosts('Hiring your first seller');
    expect(fifth.sent).toContain('You write LinkedIn posts for');
    expect(fifth.sent).not.toContain('MARKER-EDITED');
    expect(fifth).toMatchObject({ promptId: builtIn.id, promptVersion: 3 });
  });
});
