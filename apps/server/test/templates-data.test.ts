import { TEMPLATE_PROMPT_TYPES, ZTemplatesDataResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateEntries } from '../src/db/schema';
import { templatePrompts } from '../src/modules/templates/template-prompts';
import { startAdminHarness } from './support/admin-harness';
import type { SeededUser } from './support/factories';
import type { Harness } from './support/harness';
import { retirePrompt, type SeededTheme, seedPrompt, seedTheme } from './support/template-factories';

let h: Harness;
let admin: SeededUser;
let user: SeededUser;
beforeAll(async () => {
  ({ h, admin, user } = await startAdminHarness());
});
afterAll(() => h.close());

const getData = (token = admin.accessToken) => h.call('GET', '/api/get-templates-data', { token });
const update = (body: unknown, token = admin.accessToken) =>
  h.call('PUT', '/api/update-templates-data', { token, body });
const idsOf = (theme: SeededTheme) => TEMPLATE_PROMPT_TYPES.map((type) => theme.entries[type]);
const entriesOf = async (theme: SeededTheme) =>
  Object.fromEntries(
    (
      await h.deps.db
        .select({ type: templateEntries.promptType, promptId: templateEntries.promptId })
        .from(templateEntries)
        .where(eq(templateEntries.themeId, theme.id))
    ).map((row) => [row.type, row.promptId]),
  );

describe('GET /api/get-templates-data', () => {
  it('answers every entry of the themes in service: id, theme, theme_id, promptid, prompt_type, in order', async () => {
    const prompt = await seedPrompt(h.deps.db, 'social_post');
    const first = await seedTheme(h.deps.db, {
      name: 'Zeta listing theme',
      promptIds: { text_post: prompt.id },
    });
    const second = await seedTheme(h.deps.db, { name: 'Alpha listing theme' });
    const retired = await seedTheme(h.deps.db, { name: 'Retired listing theme', retired: true });

    const answer = await getData();
    expect(answer.statusCode).toBe(200);
    const entries = ZTemplatesDataResponse.parse(answer.json());
    for (const entry of answer.json() as Record<string, unknown>[]) {
      expect(Object.keys(entry).sort()).toEqual(['id', 'prompt_type', 'promptid', 'theme', 'theme_id']);
    }
    const mine = entries.filter((entry) => [first.id, second.id].includes(entry.theme_id));
    expect(mine).toEqual([
      {
        id: first.entries.selection,
        theme: 'Zeta listing theme',
        theme_id: first.id,
        promptid: null,
        prompt_type: 'selection',
      },
      {
        id: first.entries.image,
        theme: 'Zeta listing theme',
        theme_id: first.id,
        promptid: null,
        prompt_type: 'image',
      },
      {
        id: first.entries.text_post,
        theme: 'Zeta listing theme',
        theme_id: first.id,
        promptid: prompt.id,
        prompt_type: 'text_post',
      },
      {
        id: second.entries.selection,
        theme: 'Alpha listing theme',
        theme_id: second.id,
        promptid: null,
        prompt_type: 'selection',
      },
      {
        id: second.entries.image,
        theme: 'Alpha listing theme',
        theme_id: second.id,
        promptid: null,
        prompt_type: 'image',
      },
      {
        id: second.entries.text_post,
        theme: 'Alpha listing theme',
        theme_id: second.id,
        promptid: null,
        prompt_type: 'text_post',
      },
    ]);
    expect(entries.some((entry) => entry.theme_id === retired.id)).toBe(false);
    // By theme id, then Selection, Image, Text Post within each theme.
    const themeOrder = entries.map((entry) => entry.theme_id);
    expect(themeOrder).toEqual([...themeOrder].sort((a, b) => a - b));
  });

  it('is for admins only: 403 for a user, 401 without a token', async () => {
    expect((await getData(user.accessToken)).statusCode).toBe(403);
    expect((await getData(user.accessToken)).json()).toMatchObject({ error: 'forbidden' });
    expect((await h.call('GET', '/api/get-templates-data')).statusCode).toBe(401);
  });
});

describe('PUT /api/update-templates-data', () => {
  it('sets the three prompt ids, answers "Updated" with the entries, and the next post uses them', async () => {
    const theme = await seedTheme(h.deps.db);
    const selection = await seedPrompt(h.deps.db, 'infographic');
    const image = await seedPrompt(h.deps.db, 'social_image');
    const textPost = await seedPrompt(h.deps.db, 'social_post');
    // Any order of the three ids; prompt_ids follow it.
    const answer = await update({
      ids: [theme.entries.text_post, theme.entries.selection, theme.entries.image],
      prompt_ids: [textPost.id, selection.id, image.id],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      message: 'Updated',
      entries: [
        {
          id: theme.entries.selection,
          theme: theme.name,
          theme_id: theme.id,
          promptid: selection.id,
          prompt_type: 'selection',
        },
        {
          id: theme.entries.image,
          theme: theme.name,
          theme_id: theme.id,
          promptid: image.id,
          prompt_type: 'image',
        },
        {
          id: theme.entries.text_post,
          theme: theme.name,
          theme_id: theme.id,
          promptid: textPost.id,
          prompt_type: 'text_post',
        },
      ],
    });
    const [row] = await h.deps.db
      .select()
      .from(templateEntries)
      .where(eq(templateEntries.id, theme.entries.image));
    expect(row?.updatedBy).toBe(admin.user.id);
    const used = await templatePrompts(h.deps.db, theme.id);
    expect([used.selection.id, used.image.id, used.text_post.id]).toEqual([
      selection.id,
      image.id,
      textPost.id,
    ]);
  });

  it('0 and null clear an entry: its step goes back to the current prompt of its purpose', async () => {
    const textPost = await seedPrompt(h.deps.db, 'social_post');
    const image = await seedPrompt(h.deps.db, 'social_image');
    const theme = await seedTheme(h.deps.db, { promptIds: { text_post: textPost.id, image: image.id } });
    const answer = await update({ ids: idsOf(theme), prompt_ids: [0, null, 0] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await entriesOf(theme)).toEqual({ selection: null, image: null, text_post: null });
  });

  it('refuses a prompt of the wrong purpose, naming it, and changes nothing (all or nothing)', async () => {
    const blog = await seedPrompt(h.deps.db, 'blog_post');
    const selection = await seedPrompt(h.deps.db, 'infographic');
    const theme = await seedTheme(h.deps.db);
    const answer = await update({ ids: idsOf(theme), prompt_ids: [selection.id, 0, blog.id] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: 'wrong_purpose',
      message: `Prompt ${blog.id} is a Blog post prompt; the Text Post prompt must be a Social post prompt`,
      prompt_id: blog.id,
      prompt_type: 'text_post',
    });
    // The valid Selection prompt in the same request was not saved either.
    expect(await entriesOf(theme)).toEqual({ selection: null, image: null, text_post: null });
  });

  it('refuses a prompt id that names no prompt, and a retired prompt', async () => {
    const theme = await seedTheme(h.deps.db);
    const unknown = await update({ ids: idsOf(theme), prompt_ids: [0, 987_654, 0] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: 'unknown_prompt',
      message: 'Prompt 987654 does not exist; the Image prompt must be a Social image prompt',
    });

    const retired = await seedPrompt(h.deps.db, 'social_image', { name: 'Old image prompt' });
    await retirePrompt(h.deps.db, retired.id);
    const answer = await update({ ids: idsOf(theme), prompt_ids: [0, retired.id, 0] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      error: 'retired_prompt',
      message: `Prompt ${retired.id} ("Old image prompt") is retired; the Image prompt must be a Social image prompt in service`,
    });
    expect(await entriesOf(theme)).toEqual({ selection: null, image: null, text_post: null });
  });

  it('refuses unknown entry ids (404), ids of two themes, repeated ids and a malformed body (400)', async () => {
    const theme = await seedTheme(h.deps.db);
    const other = await seedTheme(h.deps.db);
    const unknown = await update({
      ids: [theme.entries.selection, theme.entries.image, 999_999],
      prompt_ids: [0, 0, 0],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Template entry 999999 does not exist' });

    const mixed = await update({
      ids: [theme.entries.selection, theme.entries.image, other.entries.text_post],
      prompt_ids: [0, 0, 0],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({
      error: 'mixed_themes',
      message: `The three entries must belong to one theme; these belong to themes ${theme.id} and ${other.id}`,
    });

    const repeated = await update({
      ids: [theme.entries.selection, theme.entries.selection, theme.entries.image],
      prompt_ids: [0, 0, 0],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toBe('ids must name three different template entries');

    for (const body of [
      { ids: idsOf(theme), prompt_ids: [0, 0] },
      { ids: idsOf(theme).slice(0, 2), prompt_ids: [0, 0, 0] },
      { ids: idsOf(theme), prompt_ids: [-1, 0, 0] },
      { ids: idsOf(theme), prompt_ids: ['12', 0, 0] },
      { ids: idsOf(theme), prompt_ids: [1.5, 0, 0] },
      { ids: idsOf(theme), prompt_ids: [3_000_000_000, 0, 0] },
      { ids: [theme.entries.selection, theme.entries.image, 3_000_000_000], prompt_ids: [0, 0, 0] },
      {},
    ]) {
      const answer = await update(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error).toBe('validation_error');
    }
  });

  it('refuses the entries of a retired theme (409)', async () => {
    const theme = await seedTheme(h.deps.db, { name: 'A retired theme to edit', retired: true });
    const answer = await update({ ids: idsOf(theme), prompt_ids: [0, 0, 0] });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(
      'The theme "A retired theme to edit" is retired; bring it back before editing it',
    );
  });

  it('is for admins only: 403 for a user (nothing changes), 401 without a token', async () => {
    const prompt = await seedPrompt(h.deps.db, 'social_post');
    const theme = await seedTheme(h.deps.db);
    const body = { ids: idsOf(theme), prompt_ids: [0, 0, prompt.id] };
    expect((await update(body, user.accessToken)).statusCode).toBe(403);
    expect((await h.call('PUT', '/api/update-templates-data', { body })).statusCode).toBe(401);
    expect(await entriesOf(theme)).toEqual({ selection: null, image: null, text_post: null });
  });

  it('is in the OpenAPI document with its body and answers', async () => {
    const doc = (await h.call('GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    expect(doc.paths['/api/get-templates-data']?.get?.responses?.['200']).toBeDefined();
    const put = doc.paths['/api/update-templates-data']?.put;
    expect(put?.requestBody).toBeDefined();
    expect(Object.keys(put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '403', '404']));
  });
});
