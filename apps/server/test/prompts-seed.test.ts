import { checkPromptText, PROMPT_PURPOSES, PURPOSE_VARIABLES } from '@sales-assist/contract';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prompts, PROMPT_PURPOSES as SCHEMA_PURPOSES } from '../src/db/schema';
import { currentPrompt } from '../src/modules/prompts/current-prompt';
import { DEFAULT_PROMPTS } from '../src/modules/prompts/default-prompts';
import { seedDefaultPrompts } from '../src/modules/prompts/seed-default-prompts';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ engine: false });
});
afterAll(() => h.close());

const promptCount = async () => (await h.deps.db.select({ n: count() }).from(prompts))[0]?.n ?? 0;

describe('built-in prompts', () => {
  it('the contract and the database column list the same purposes', () => {
    expect([...PROMPT_PURPOSES]).toEqual([...SCHEMA_PURPOSES]);
  });

  it('every purpose has a built-in prompt that passes the editor’s own check and uses its key variables', () => {
    for (const purpose of PROMPT_PURPOSES) {
      const builtIn = DEFAULT_PROMPTS.filter((prompt) => prompt.purpose === purpose);
      expect(builtIn.length, purpose).toBeGreaterThanOrEqual(1);
      for (const prompt of builtIn) {
        const check = checkPromptText(prompt.text, purpose);
        expect(check, `${purpose}: ${check.ok ? '' : check.message}`).toMatchObject({ ok: true });
        if (!check.ok) continue;
        // A built-in prompt makes use of everything its writer fills in for it.
        expect([...check.variables].sort(), purpose).toEqual([...PURPOSE_VARIABLES[purpose]].sort());
      }
    }
    const names = DEFAULT_PROMPTS.map((prompt) => prompt.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('the first start seeded one prompt per purpose, version 1, built in', async () => {
    const rows = await h.deps.db.select().from(prompts).orderBy(asc(prompts.id));
    expect(rows).toHaveLength(DEFAULT_PROMPTS.length);
    for (const row of rows) {
      const seeded = DEFAULT_PROMPTS.find((prompt) => prompt.name === row.name);
      expect(seeded).toBeDefined();
      expect(row).toMatchObject({
        purpose: seeded?.purpose,
        text: seeded?.text,
        version: 1,
        builtIn: true,
        retiredAt: null,
        updatedBy: null,
      });
      expect(row.variables.length).toBeGreaterThan(0);
    }
  });

  it('seeding again adds nothing and keeps what an admin changed', async () => {
    const admin = await seedUser(h, { admin: true });
    const blogPost = await currentPrompt(h.deps.db, 'blog_post');
    const edited = await h.call('PUT', `/api/admin/prompts/${blogPost.id}`, {
      token: admin.accessToken,
      body: { text: 'Write about {topic} for {audience}.', version: blogPost.version },
    });
    expect(edited.statusCode).toBe(200);
    expect(await seedDefaultPrompts(h.deps.db)).toBe(0);
    expect(await promptCount()).toBe(DEFAULT_PROMPTS.length);
    const [row] = await h.deps.db.select().from(prompts).where(eq(prompts.id, blogPost.id));
    expect(row).toMatchObject({ text: 'Write about {topic} for {audience}.', version: 2 });
  });

  it('several processes seeding an empty table at once insert each prompt exactly once', async () => {
    await h.deps.db.delete(prompts);
    const added = await Promise.all(Array.from({ length: 4 }, () => seedDefaultPrompts(h.deps.db)));
    expect(added.reduce((sum, n) => sum + n, 0)).toBe(DEFAULT_PROMPTS.length);
    expect(await promptCount()).toBe(DEFAULT_PROMPTS.length);
  });

  it('currentPrompt seeds the built-ins on a database that was never seeded', async () => {
    await h.deps.db.delete(prompts);
    const prompt = await currentPrompt(h.deps.db, 'linkedin_post');
    expect(prompt).toMatchObject({ name: 'LinkedIn post', version: 1 });
    expect(prompt.text).toContain('{count} different posts');
    expect(await promptCount()).toBe(DEFAULT_PROMPTS.length);
  });
});
