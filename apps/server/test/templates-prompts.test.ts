import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open-database';
import { currentPrompt } from '../src/modules/prompts/current-prompt';
import { seedDefaultPrompts } from '../src/modules/prompts/seed-default-prompts';
import { templatePrompts } from '../src/modules/templates/template-prompts';
import { retirePrompt, seedPrompt, seedTheme } from './support/template-factories';
import { openTestDatabase } from './support/test-database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(process.env.DATABASE_URL);
  await seedDefaultPrompts(database.db);
});
afterAll(() => database.close());

describe('templatePrompts: the three prompts a theme uses', () => {
  it('an entry without a prompt uses the current prompt of its purpose', async () => {
    const db = database.db;
    const theme = await seedTheme(db);
    const used = await templatePrompts(db, theme.id);
    expect(used.selection).toEqual(await currentPrompt(db, 'infographic'));
    expect(used.image).toEqual(await currentPrompt(db, 'social_image'));
    expect(used.text_post).toEqual(await currentPrompt(db, 'social_post'));
    expect(used.text_post.text).toContain('social media posts');
  });

  it('an entry naming a prompt uses that prompt, even when a newer prompt of its purpose is current', async () => {
    const db = database.db;
    const chosen = await seedPrompt(db, 'social_post', { name: 'Chosen social post' });
    const newer = await seedPrompt(db, 'social_post', { name: 'Newer social post' });
    const theme = await seedTheme(db, { promptIds: { text_post: chosen.id } });
    const used = await templatePrompts(db, theme.id);
    expect(used.text_post).toMatchObject({
      id: chosen.id,
      name: 'Chosen social post',
      text: chosen.text,
      version: 1,
    });
    expect((await currentPrompt(db, 'social_post')).id).toBe(newer.id);
    // The other two types still follow their purposes.
    expect(used.image.id).toBe((await currentPrompt(db, 'social_image')).id);
  });

  it('a prompt retired since falls back to the current prompt of its purpose', async () => {
    const db = database.db;
    const chosen = await seedPrompt(db, 'social_image');
    const theme = await seedTheme(db, { promptIds: { image: chosen.id } });
    expect((await templatePrompts(db, theme.id)).image.id).toBe(chosen.id);
    await retirePrompt(db, chosen.id);
    const after = await templatePrompts(db, theme.id);
    expect(after.image.id).not.toBe(chosen.id);
    expect(after.image).toEqual(await currentPrompt(db, 'social_image'));
  });

  it('a prompt of another purpose on an entry is never used for that step', async () => {
    const db = database.db;
    const blog = await seedPrompt(db, 'blog_post');
    const theme = await seedTheme(db, { promptIds: { selection: blog.id } });
    const used = await templatePrompts(db, theme.id);
    expect(used.selection.id).not.toBe(blog.id);
    expect(used.selection).toEqual(await currentPrompt(db, 'infographic'));
  });

  it('works inside a transaction, and a theme id with no entries gets the current prompts', async () => {
    const db = database.db;
    const chosen = await seedPrompt(db, 'infographic');
    const theme = await seedTheme(db, { promptIds: { selection: chosen.id } });
    const inside = await db.transaction((tx) => templatePrompts(tx, theme.id));
    expect(inside.selection.id).toBe(chosen.id);
    const none = await templatePrompts(db, 987_654);
    expect(none.text_post).toEqual(await currentPrompt(db, 'social_post'));
  });
});
