import { PURPOSE_VARIABLES } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prompts, promptVersions } from '../src/db/schema';
import { currentPrompt } from '../src/modules/prompts/current-prompt';
import { DEFAULT_PROMPTS } from '../src/modules/prompts/default-prompts';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let admin: SeededUser;
let user: SeededUser;
beforeAll(async () => {
  h = await startHarness({ engine: false });
  admin = await seedUser(h, { admin: true, email: 'prompt-admin@example.com' });
  user = await seedUser(h, { email: 'writer@example.com' });
});
afterAll(() => h.close());

type TPrompt = { id: number; name: string; version: number; text: string; in_use: boolean; retired: boolean };

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  h.call(method, url, { token: admin.accessToken, ...(body === undefined ? {} : { body }) });

const create = async (body: { name: string; purpose: string; text: string }): Promise<TPrompt> => {
  const answer = await asAdmin('POST', '/api/admin/prompts', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().prompt;
};

describe('GET /api/prompts (spec §7)', () => {
  it('answers { data: [{ promptname, promptid, prompttext, purpose }] } of the prompts in service, text for admins only', async () => {
    const forAdmin = await asAdmin('GET', '/api/prompts');
    expect(forAdmin.statusCode).toBe(200);
    const { data } = forAdmin.json() as { data: Record<string, unknown>[] };
    expect(data.length).toBeGreaterThanOrEqual(DEFAULT_PROMPTS.length);
    for (const entry of data) {
      expect(Object.keys(entry).sort()).toEqual(['promptid', 'promptname', 'prompttext', 'purpose']);
      expect(typeof entry.promptid).toBe('number');
    }
    const blog = data.find((entry) => entry.promptname === 'Blog post');
    expect(blog?.prompttext).toContain('{topic}');
    const ids = data.map((entry) => entry.promptid as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const forUser = await h.call('GET', '/api/prompts', { token: user.accessToken });
    expect(forUser.statusCode).toBe(200);
    const userData = forUser.json().data as { promptname: string; promptid: number; prompttext: string }[];
    expect(userData.map((entry) => entry.promptid)).toEqual(ids);
    expect(userData.every((entry) => entry.prompttext === '')).toBe(true);

    expect((await h.call('GET', '/api/prompts')).statusCode).toBe(401);
  });
});

describe('Prompts Management is for admins only', () => {
  it('answers 403 to a signed-in user on every admin call, and changes nothing', async () => {
    const before = await h.deps.db.select().from(prompts);
    const id = before[0]?.id ?? 1;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/prompts'],
      ['POST', '/api/admin/prompts', { name: 'Sneaky', purpose: 'chat', text: 'Hi {company}' }],
      ['PUT', `/api/admin/prompts/${id}`, { text: 'Hijacked {company}', version: 1 }],
      ['PUT', `/api/admin/prompts/${id}/retired`, { retired: true }],
      ['GET', `/api/admin/prompts/${id}/versions`],
      ['POST', `/api/admin/prompts/${id}/restore`, { from_version: 1, version: 2 }],
    ];
    for (const [method, url, body] of calls) {
      const answer = await h.call(method as 'GET', url, { token: user.accessToken, body });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().error).toBe('forbidden');
      expect((await h.call(method as 'GET', url, { body })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await h.deps.db.select().from(prompts)).toEqual(before);
  });
});

describe('listing, creating and editing', () => {
  it('lists every prompt with purpose, version, variables, status and the one in use', async () => {
    const answer = await asAdmin('GET', '/api/admin/prompts');
    expect(answer.statusCode).toBe(200);
    const list = answer.json().prompts as (TPrompt & Record<string, unknown>)[];
    const topics = list.find((prompt) => prompt.name === 'Blog topic ideas');
    expect(topics).toMatchObject({
      purpose: 'blog_topics',
      version: 1,
      built_in: true,
      retired: false,
      retired_at: null,
      in_use: true,
      updated_by: null,
      allowed_variables: [...PURPOSE_VARIABLES.blog_topics],
    });
    expect(topics?.variables).toEqual(expect.arrayContaining(['company', 'count', 'keywords']));
    // Grouped by purpose in the contract's order.
    expect(list[0]?.purpose).toBe('blog_topics');
  });

  it('a new prompt takes over its purpose; an unknown variable or unbalanced brace is refused, naming it', async () => {
    const unknown = await asAdmin('POST', '/api/admin/prompts', {
      name: 'Shouty post',
      purpose: 'linkedin_post',
      text: 'Write about {topic} for {audiance} with {hashtags}.',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'unknown_variable', unknown: ['audiance', 'hashtags'] });
    expect(unknown.json().message).toMatch(
      /^Unknown variables \{audiance\}, \{hashtags\}\. LinkedIn post prompts may use: \{company\}/,
    );
    // {length} exists, but not for LinkedIn posts.
    const notForPurpose = await asAdmin('POST', '/api/admin/prompts', {
      name: 'Long post',
      purpose: 'linkedin_post',
      text: 'Write {length} about {topic}.',
    });
    expect(notForPurpose.json()).toMatchObject({ error: 'unknown_variable', unknown: ['length'] });

    const open = await asAdmin('POST', '/api/admin/prompts', {
      name: 'Broken',
      purpose: 'chat',
      text: 'Help {company}\nwith {audience',
    });
    expect(open.statusCode).toBe(400);
    expect(open.json()).toEqual({
      error: 'unbalanced_braces',
      message:
        'The "{" at line 2, column 6 is never closed. Braces are only for variables such as {company}.',
    });
    const close = await asAdmin('POST', '/api/admin/prompts', {
      name: 'Broken',
      purpose: 'chat',
      text: 'Hi } there',
    });
    expect(close.json().error).toBe('unbalanced_braces');
    const doubled = await asAdmin('POST', '/api/admin/prompts', {
      name: 'Broken',
      purpose: 'chat',
      text: 'Hi {{company}}',
    });
    expect(doubled.json().error).toBe('unbalanced_braces');

    const before = await currentPrompt(h.deps.db, 'linkedin_post');
    const created = await create({
      name: 'LinkedIn story',
      purpose: 'linkedin_post',
      text: 'Tell a short story for {audience} about {topic}, in the voice of {company}. Write {count}.',
    });
    expect(created).toMatchObject({
      version: 1,
      in_use: true,
      built_in: false,
      updated_by: 'prompt-admin@example.com',
    });
    expect((created as unknown as { variables: string[] }).variables).toEqual([
      'audience',
      'topic',
      'company',
      'count',
    ]);
    const now = await currentPrompt(h.deps.db, 'linkedin_post');
    expect(now).toEqual({ id: created.id, version: 1, name: 'LinkedIn story', text: created.text });
    expect(now.id).toBeGreaterThan(before.id);
    const list = (await asAdmin('GET', '/api/admin/prompts')).json().prompts as (TPrompt & {
      purpose: string;
    })[];
    expect(
      list.filter((prompt) => prompt.purpose === 'linkedin_post' && prompt.in_use).map((p) => p.id),
    ).toEqual([created.id]);

    const duplicate = await asAdmin('POST', '/api/admin/prompts', {
      name: 'linkedin STORY',
      purpose: 'chat',
      text: 'Hello {company}',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A prompt named "linkedin STORY" already exists');
  });

  it('refuses empty, oversize and malformed saves with a clear 400', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'Empty', purpose: 'chat', text: '   \n ' }, /^The prompt text is empty$/],
      [{ name: 'Huge', purpose: 'chat', text: 'x'.repeat(20_001) }, /at most 20,000 characters/],
      [{ name: '', purpose: 'chat', text: 'Hi' }, /^Give the prompt a name$/],
      [{ name: 'x'.repeat(81), purpose: 'chat', text: 'Hi' }, /at most 80 characters/],
      [{ name: 'Odd', purpose: 'poems', text: 'Hi' }, /purpose must be one of: blog_topics/],
      [{ name: 'Odd', purpose: 'chat', text: 'Hi', extra: 1 }, /unknown field/],
      [{ name: 'Odd', purpose: 'chat', text: 42 }, /text must be a string|Write the prompt text/],
    ];
    for (const [body, message] of cases) {
      const answer = await asAdmin('POST', '/api/admin/prompts', body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
    const chat = await currentPrompt(h.deps.db, 'chat');
    const emptyEdit = await asAdmin('PUT', `/api/admin/prompts/${chat.id}`, {
      text: '',
      version: chat.version,
    });
    expect(emptyEdit.json()).toEqual({ error: 'validation_error', message: 'The prompt text is empty' });
    const noVersion = await asAdmin('PUT', `/api/admin/prompts/${chat.id}`, { text: 'Hi {company}' });
    expect(noVersion.statusCode).toBe(400);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const answer = await asAdmin('PUT', `/api/admin/prompts/${id}`, { text: 'Hi', version: 1 });
      expect([400, 404], id).toContain(answer.statusCode);
    }
    const missing = await asAdmin('PUT', '/api/admin/prompts/2147483647', { text: 'Hi', version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'Prompt not found' });
    expect((await asAdmin('GET', '/api/admin/prompts/2147483647/versions')).statusCode).toBe(404);
  });

  it('a built-in prompt keeps its name; a prompt of an admin can be renamed', async () => {
    const builtIn = await currentPrompt(h.deps.db, 'keywords');
    const rename = await asAdmin('PUT', `/api/admin/prompts/${builtIn.id}`, {
      name: 'My keywords',
      text: builtIn.text,
      version: builtIn.version,
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().error).toBe('built_in_name');
    const own = await create({
      name: 'Keyword ideas',
      purpose: 'keywords',
      text: 'List {count} keywords for {offer}.',
    });
    const renamed = await asAdmin('PUT', `/api/admin/prompts/${own.id}`, {
      name: 'Keyword ideas (short)',
      text: own.text,
      version: own.version,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: 'Updated',
      prompt: { name: 'Keyword ideas (short)', version: 2 },
    });
    const clash = await asAdmin('PUT', `/api/admin/prompts/${own.id}`, {
      name: 'keyword research',
      text: own.text,
      version: 2,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A prompt named "keyword research" already exists');
  });
});

describe('versions', () => {
  it('every edit keeps the text it replaced (who, when); restoring is itself a new version', async () => {
    const start = await create({ name: 'Ad copy v', purpose: 'ad_copy', text: 'First: ads for {offer}.' });
    const second = await asAdmin('PUT', `/api/admin/prompts/${start.id}`, {
      text: 'Second: {count} ads for {offer} aimed at {audience}.',
      version: 1,
    });
    expect(second.json()).toMatchObject({
      message: 'Updated',
      prompt: { version: 2, variables: ['count', 'offer', 'audience'] },
    });
    const other = await seedUser(h, { admin: true, email: 'second-admin@example.com' });
    const third = await h.call('PUT', `/api/admin/prompts/${start.id}`, {
      token: other.accessToken,
      body: { text: 'Third: ads for {company}.', version: 2 },
    });
    expect(third.json().prompt).toMatchObject({ version: 3, updated_by: 'second-admin@example.com' });
    // A save that changes nothing makes no version.
    const same = await asAdmin('PUT', `/api/admin/prompts/${start.id}`, {
      text: 'Third: ads for {company}.',
      version: 3,
    });
    expect(same.json().prompt.version).toBe(3);

    const history = await asAdmin('GET', `/api/admin/prompts/${start.id}/versions`);
    expect(history.statusCode).toBe(200);
    const versions = history.json().versions as Record<string, unknown>[];
    expect(
      versions.map((version) => [version.version, version.text, version.edited_by, version.current]),
    ).toEqual([
      [3, 'Third: ads for {company}.', 'second-admin@example.com', true],
      [2, 'Second: {count} ads for {offer} aimed at {audience}.', 'prompt-admin@example.com', false],
      [1, 'First: ads for {offer}.', 'prompt-admin@example.com', false],
    ]);
    for (const version of versions) expect(Date.parse(String(version.edited_at))).not.toBeNaN();
    const stored = await h.deps.db.select().from(promptVersions).where(eq(promptVersions.promptId, start.id));
    expect(stored).toHaveLength(2);

    const restored = await asAdmin('POST', `/api/admin/prompts/${start.id}/restore`, {
      from_version: 1,
      version: 3,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      message: 'Updated',
      prompt: {
        version: 4,
        text: 'First: ads for {offer}.',
        variables: ['offer'],
        updated_by: 'prompt-admin@example.com',
      },
    });
    expect(await currentPrompt(h.deps.db, 'ad_copy')).toMatchObject({
      id: start.id,
      version: 4,
      text: 'First: ads for {offer}.',
    });
    const after = (await asAdmin('GET', `/api/admin/prompts/${start.id}/versions`)).json().versions as {
      version: number;
      text: string;
    }[];
    expect(after.map((version) => version.version)).toEqual([4, 3, 2, 1]);
    expect(after[1]?.text).toBe('Third: ads for {company}.');

    const current = await asAdmin('POST', `/api/admin/prompts/${start.id}/restore`, {
      from_version: 4,
      version: 4,
    });
    expect(current.json().error).toBe('current_version');
    const none = await asAdmin('POST', `/api/admin/prompts/${start.id}/restore`, {
      from_version: 9,
      version: 4,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This prompt has no version 9');
    const stale = await asAdmin('POST', `/api/admin/prompts/${start.id}/restore`, {
      from_version: 2,
      version: 3,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'stale_version', current_version: 4 });
  });

  it('of two saves of the same version, the second is refused with 409 and nothing of it is kept', async () => {
    const prompt = await create({ name: 'Race', purpose: 'social_post', text: 'Posts about {topic}.' });
    const [first, second] = await Promise.all([
      asAdmin('PUT', `/api/admin/prompts/${prompt.id}`, { text: 'A: posts about {topic}.', version: 1 }),
      asAdmin('PUT', `/api/admin/prompts/${prompt.id}`, { text: 'B: posts about {topic}.', version: 1 }),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    const winner = first.statusCode === 200 ? first : second;
    expect(loser.json()).toMatchObject({ error: 'stale_version', current_version: 2 });
    expect(loser.json().message).toMatch(/Someone else saved this prompt/);
    const versions = (await asAdmin('GET', `/api/admin/prompts/${prompt.id}/versions`)).json().versions as {
      text: string;
    }[];
    expect(versions.map((version) => version.text)).toEqual([
      winner.json().prompt.text,
      'Posts about {topic}.',
    ]);
    // Sending the version you edited after reloading works.
    const retry = await asAdmin('PUT', `/api/admin/prompts/${prompt.id}`, {
      text: 'C: posts about {topic}.',
      version: 2,
    });
    expect(retry.json().prompt.version).toBe(3);
  });
});

describe('retiring', () => {
  it('a retired prompt is never used and leaves GET /prompts; the last of a purpose cannot be retired', async () => {
    const builtIn = await currentPrompt(h.deps.db, 'infographic');
    const last = await asAdmin('PUT', `/api/admin/prompts/${builtIn.id}/retired`, { retired: true });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      error: 'last_prompt',
      message:
        '"Infographic" is the only prompt in service for Infographic: create another Infographic prompt or put one back before retiring it',
    });

    const newer = await create({
      name: 'Infographic steps',
      purpose: 'infographic',
      text: 'Steps about {topic}.',
    });
    expect(await currentPrompt(h.deps.db, 'infographic')).toMatchObject({ id: newer.id });
    const retired = await asAdmin('PUT', `/api/admin/prompts/${newer.id}/retired`, { retired: true });
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toMatchObject({
      message: 'Prompt retired',
      prompt: { retired: true, in_use: false },
    });
    expect(retired.json().prompt.retired_at).toEqual(expect.any(String));
    // Generation goes back to the newest prompt of the purpose that is in service.
    expect(await currentPrompt(h.deps.db, 'infographic')).toMatchObject({ id: builtIn.id });
    const listed = (await asAdmin('GET', '/api/prompts')).json().data as { promptid: number }[];
    expect(listed.map((entry) => entry.promptid)).not.toContain(newer.id);
    expect(listed.map((entry) => entry.promptid)).toContain(builtIn.id);
    // Still listed (as retired) for admins, still editable.
    const all = (await asAdmin('GET', '/api/admin/prompts')).json().prompts as TPrompt[];
    expect(all.find((prompt) => prompt.id === newer.id)).toMatchObject({ retired: true, in_use: false });

    // Now the built-in is the last one again.
    expect(
      (await asAdmin('PUT', `/api/admin/prompts/${builtIn.id}/retired`, { retired: true })).statusCode,
    ).toBe(409);

    const back = await asAdmin('PUT', `/api/admin/prompts/${newer.id}/retired`, { retired: false });
    expect(back.json()).toMatchObject({
      message: 'Prompt restored',
      prompt: { retired: false, retired_at: null, in_use: true },
    });
    expect(await currentPrompt(h.deps.db, 'infographic')).toMatchObject({ id: newer.id });
    // Retiring twice, or restoring a prompt in service, changes nothing.
    expect(
      (await asAdmin('PUT', `/api/admin/prompts/${newer.id}/retired`, { retired: false })).statusCode,
    ).toBe(200);
    const builtInOff = await asAdmin('PUT', `/api/admin/prompts/${builtIn.id}/retired`, { retired: true });
    expect(builtInOff.json().prompt).toMatchObject({ retired: true, in_use: false });
    expect(
      (await asAdmin('PUT', `/api/admin/prompts/${builtIn.id}/retired`, { retired: true })).statusCode,
    ).toBe(200);
    expect(
      (await asAdmin('PUT', '/api/admin/prompts/2147483647/retired', { retired: true })).statusCode,
    ).toBe(404);
    expect(
      (await asAdmin('PUT', `/api/admin/prompts/${builtIn.id}/retired`, { retired: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('two admins retiring the last two prompts of a purpose at once: one of them stays in service', async () => {
    const a = await create({ name: 'Chat A', purpose: 'chat', text: 'You help {company}.' });
    const b = await create({ name: 'Chat B', purpose: 'chat', text: 'You assist {company}.' });
    // Everything else of the purpose out of the way first (one at a time: those must pass).
    const chatPrompts = await h.deps.db.select().from(prompts).where(eq(prompts.purpose, 'chat'));
    for (const row of chatPrompts) {
      if (row.id === a.id || row.id === b.id || row.retiredAt) continue;
      expect(
        (await asAdmin('PUT', `/api/admin/prompts/${row.id}/retired`, { retired: true })).statusCode,
      ).toBe(200);
    }
    const answers = await Promise.all([
      asAdmin('PUT', `/api/admin/prompts/${a.id}/retired`, { retired: true }),
      asAdmin('PUT', `/api/admin/prompts/${b.id}/retired`, { retired: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const inService = (await h.deps.db.select().from(prompts).where(eq(prompts.purpose, 'chat'))).filter(
      (row) => row.retiredAt === null,
    );
    expect(inService).toHaveLength(1);
    expect((await currentPrompt(h.deps.db, 'chat')).id).toBe(inService[0]?.id);
  });
});

describe('OpenAPI', () => {
  it('documents the prompt calls with their bodies and refusals', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    }>();
    expect(paths['/api/prompts']?.get).toBeDefined();
    expect(paths['/api/admin/prompts']?.get).toBeDefined();
    expect(paths['/api/admin/prompts']?.post?.requestBody).toBeDefined();
    expect(Object.keys(paths['/api/admin/prompts/{id}']?.put?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '403', '404', '409']),
    );
    expect(paths['/api/admin/prompts/{id}/retired']?.put).toBeDefined();
    expect(paths['/api/admin/prompts/{id}/versions']?.get).toBeDefined();
    expect(paths['/api/admin/prompts/{id}/restore']?.post).toBeDefined();
  });
});
