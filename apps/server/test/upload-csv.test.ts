import { CSV_IMPORT_MAX_ROWS, ZCsvSaveResponse, ZCsvVerifyResponse } from '@sales-assist/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infographicThemes, prompts, promptVersions, templateEntries } from '../src/db/schema';
import { csvRecord } from '../src/modules/leads/csv/csv-format';
import { currentPrompt } from '../src/modules/prompts/current-prompt';
import { postForm } from './leads-support';
import { startAdminHarness } from './support/admin-harness';
import type { SeededUser } from './support/factories';
import { pngDeclaring } from './support/files/png-header';
import { writeDocx } from './support/files/zip-writer';
import type { Harness } from './support/harness';
import { retirePrompt, seedPrompt, seedTheme } from './support/template-factories';

let h: Harness;
let admin: SeededUser;
let user: SeededUser;
beforeAll(async () => {
  ({ h, admin, user } = await startAdminHarness());
});
afterAll(() => h.close());

const csv = (...rows: string[][]) => rows.map(csvRecord).join('');
const send = (
  kind: string,
  step: 'verify' | 'save',
  content: Buffer | string,
  options: { filename?: string; token?: string } = {},
) =>
  postForm(h, `/api/admin/upload-csv/${kind}/${step}`, options.token ?? admin.accessToken, [
    { name: 'file', filename: options.filename ?? `${kind}.csv`, content },
  ]);
const promptCount = async () =>
  (await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(prompts))[0]?.n;
const themeCount = async () =>
  (await h.deps.db.select({ n: sql<number>`count(*)::int` }).from(infographicThemes))[0]?.n;

const PROMPT_HEADER = ['promptname', 'purpose', 'prompttext', 'promptid'];
const THEME_HEADER = [
  'theme',
  'layout',
  'size',
  'background',
  'surface',
  'text',
  'accent',
  'muted',
  'selection_promptid',
  'image_promptid',
  'text_post_promptid',
];
const COLOURS = ['#FFFFFF', '#F1F5F9', '#0F172A', '#2563EB', '#64748B'];

describe('Upload CSV: prompts', () => {
  it('verify answers rows, creates and updates, a preview, and saves nothing', async () => {
    const existing = await seedPrompt(h.deps.db, 'social_post', { name: 'Social to edit' });
    const file = csv(
      PROMPT_HEADER,
      ['Imported social', 'social_post', 'Posts about {topic} for {company}.', ''],
      ['Social to edit', 'Social post', 'Edited: posts about {topic}.', String(existing.id)],
    );
    const before = await promptCount();
    const answer = await send('prompts', 'verify', file);
    expect(answer.statusCode, answer.body).toBe(200);
    const verified = ZCsvVerifyResponse.parse(answer.json());
    expect(verified).toMatchObject({
      kind: 'prompts',
      rows: 2,
      creates: 1,
      updates: 1,
      errors: [],
      ready: true,
    });
    expect(verified.columns).toEqual(PROMPT_HEADER);
    expect(verified.preview).toEqual([
      {
        line: 2,
        action: 'create',
        cells: {
          promptname: 'Imported social',
          purpose: 'social_post',
          prompttext: 'Posts about {topic} for {company}.',
          promptid: '',
        },
      },
      {
        line: 3,
        action: 'update',
        cells: {
          promptname: 'Social to edit',
          purpose: 'Social post',
          prompttext: 'Edited: posts about {topic}.',
          promptid: String(existing.id),
        },
      },
    ]);
    expect(await promptCount()).toBe(before);
  });

  it('save creates new prompts and edits existing ones through Prompts Management (versions kept)', async () => {
    const existing = await seedPrompt(h.deps.db, 'infographic', {
      name: 'Infographic to edit',
      text: 'Old {topic}',
    });
    const file = csv(
      PROMPT_HEADER,
      ['CSV blog topics', 'blog_topics', 'Ideas for {company}: {count} topics.', ''],
      ['Infographic to edit', 'infographic', 'New plan for {topic} from {source}.', String(existing.id)],
    );
    const answer = await send('prompts', 'save', file);
    expect(answer.statusCode, answer.body).toBe(200);
    const saved = ZCsvSaveResponse.parse(answer.json());
    expect(saved).toMatchObject({
      message: 'Imported 2 prompts: 1 created, 1 updated',
      created: 1,
      updated: 1,
    });
    const created = saved.items.find((item) => item.action === 'created');
    expect(saved.items).toEqual([
      { line: 2, id: created?.id, name: 'CSV blog topics', action: 'created' },
      { line: 3, id: existing.id, name: 'Infographic to edit', action: 'updated' },
    ]);
    const [row] = await h.deps.db
      .select()
      .from(prompts)
      .where(eq(prompts.id, created?.id ?? 0));
    expect(row).toMatchObject({
      purpose: 'blog_topics',
      variables: ['company', 'count'],
      updatedBy: admin.user.id,
      version: 1,
    });
    // The newest prompt of its purpose is the one in use from now on.
    expect((await currentPrompt(h.deps.db, 'blog_topics')).id).toBe(created?.id);
    const [edited] = await h.deps.db.select().from(prompts).where(eq(prompts.id, existing.id));
    expect(edited).toMatchObject({ text: 'New plan for {topic} from {source}.', version: 2 });
    const history = await h.deps.db
      .select()
      .from(promptVersions)
      .where(eq(promptVersions.promptId, existing.id));
    expect(history.map((version) => version.text)).toEqual(['Old {topic}']);
  });

  it('reports every bad line by number, and save imports nothing when any line is bad', async () => {
    const blog = await seedPrompt(h.deps.db, 'blog_post', { name: 'A blog prompt' });
    const builtIn = await currentPrompt(h.deps.db, 'chat');
    const file = csv(
      PROMPT_HEADER,
      ['Good one', 'social_post', 'Fine {topic}.', ''],
      ['Bad purpose', 'tweets', 'Text', ''],
      ['', 'chat', '', ''],
      ['Unknown variable', 'chat', 'Talk about {topic}.', ''],
      ['Braces', 'chat', 'Hello {company', ''],
      ['A blog prompt', 'blog_post', 'Taken name', ''],
      ['Moved purpose', 'social_post', 'Text {topic}', String(blog.id)],
      ['Renamed built-in', 'chat', 'Help {company}', String(builtIn.id)],
      ['No such prompt', 'chat', 'Help', '999999'],
      ['Good one', 'chat', 'Twice in the file', ''],
      ['Bad id', 'chat', 'Help', 'abc'],
    );
    const verified = (await send('prompts', 'verify', file)).json();
    expect(verified.ready).toBe(false);
    expect(verified.rows).toBe(11);
    const messages = (verified.errors as { line: number; message: string }[]).map((error) => error.message);
    expect(messages).toEqual([
      expect.stringMatching(
        /^line 3: purpose must be one of blog_topics, blog_post, .*infographic \(found "tweets"\)$/,
      ),
      'line 4: promptname: Give the prompt a name',
      'line 4: prompttext: The prompt text is empty',
      expect.stringMatching(/^line 5: prompttext: Unknown variable \{topic\}\. Chat prompts may use:/),
      expect.stringMatching(/^line 6: prompttext: The "\{" at line 1, column 7 is never closed\./),
      `line 7: a prompt named "A blog prompt" already exists (prompt ${blog.id}); give its promptid to edit it, or another name`,
      `line 8: prompt ${blog.id} is a Blog post prompt; its purpose cannot change to Social post`,
      `line 9: prompt ${builtIn.id} "${builtIn.name}" is a built-in prompt and keeps its name`,
      'line 10: there is no prompt 999999 to edit (leave promptid empty to create a new prompt)',
      'line 11: the name "Good one" is used on line 2 already',
      'line 12: promptid must be the id of a prompt to edit, or empty for a new prompt (found "abc")',
    ]);

    const before = await promptCount();
    const saved = await send('prompts', 'save', file);
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({
      error: 'invalid_rows',
      message: '11 lines stop the import; nothing was saved. Correct them and upload the file again.',
    });
    expect(saved.json().errors).toHaveLength(11);
    expect(await promptCount()).toBe(before);
    expect(await h.deps.db.select().from(prompts).where(eq(prompts.name, 'Good one'))).toEqual([]);
  });

  it('cells that look like formulas are stored as the text they are', async () => {
    const file = csv(PROMPT_HEADER, [
      '=HYPERLINK("http://evil.example")',
      'social_post',
      '+1 idea about {topic}; @here -2',
      '',
    ]);
    const answer = await send('prompts', 'save', file);
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await h.deps.db.select().from(prompts).where(eq(prompts.id, answer.json().items[0].id));
    expect(row).toMatchObject({
      name: '=HYPERLINK("http://evil.example")',
      text: '+1 idea about {topic}; @here -2',
    });
    const verify = await send(
      'prompts',
      'verify',
      csv(PROMPT_HEADER, ['=cmd|calc', 'chat', '=SUM(A1:A2)', '']),
    );
    expect(verify.json().preview[0].cells).toMatchObject({
      promptname: '=cmd|calc',
      prompttext: '=SUM(A1:A2)',
    });
  });

  it('reads semicolons, quoted line breaks, a UTF-8 BOM and header names in any case', async () => {
    const text =
      '\uFEFFPromptName;PURPOSE;Prompt Text\r\n"Multi line";chat;"Line one {company}\nLine two; still the text"\r\n';
    const answer = await send('prompts', 'verify', text);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      rows: 1,
      ready: true,
      columns: ['promptname', 'purpose', 'prompttext'],
    });
    expect(answer.json().preview[0].cells.prompttext).toBe('Line one {company}\nLine two; still the text');
  });
});

describe('Upload CSV: templates', () => {
  it('verify then save creates themes with their three entries and prompt ids', async () => {
    const selection = await seedPrompt(h.deps.db, 'infographic');
    const textPost = await seedPrompt(h.deps.db, 'social_post');
    const file = csv(
      THEME_HEADER,
      ['CSV theme one', 'cards', '1080x1080', ...COLOURS, String(selection.id), '', String(textPost.id)],
      ['CSV theme two', 'Big number', '', ...COLOURS, '0', '', ''],
    );
    const verified = await send('templates', 'verify', file);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ rows: 2, creates: 2, updates: 0, ready: true, errors: [] });

    const saved = await send('templates', 'save', file);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Imported 2 templates', created: 2, updated: 0 });
    const [one, two] = saved.json().items as { id: number }[];
    const [theme] = await h.deps.db
      .select()
      .from(infographicThemes)
      .where(eq(infographicThemes.id, one?.id ?? 0));
    expect(theme).toMatchObject({ name: 'CSV theme one', updatedBy: admin.user.id, builtIn: false });
    expect(theme?.design).toMatchObject({
      layout: 'cards',
      size: '1080x1080',
      colors: { accent: '#2563EB' },
    });
    const entries = await h.deps.db
      .select({ type: templateEntries.promptType, promptId: templateEntries.promptId })
      .from(templateEntries)
      .where(eq(templateEntries.themeId, one?.id ?? 0));
    expect(Object.fromEntries(entries.map((entry) => [entry.type, entry.promptId]))).toEqual({
      selection: selection.id,
      image: null,
      text_post: textPost.id,
    });
    const [second] = await h.deps.db
      .select()
      .from(infographicThemes)
      .where(eq(infographicThemes.id, two?.id ?? 0));
    expect(second?.design).toMatchObject({ layout: 'big_number', size: '1080x1080' });
    // The Template Editor lists them.
    const listed = (await h.call('GET', '/api/get-templates-data', { token: admin.accessToken })).json() as {
      theme: string;
    }[];
    expect(listed.filter((entry) => entry.theme === 'CSV theme one')).toHaveLength(3);
  });

  it('refuses wrong-purpose, retired and unknown prompt ids, bad colours and taken names per line; nothing saved', async () => {
    const blog = await seedPrompt(h.deps.db, 'blog_post');
    const retired = await seedPrompt(h.deps.db, 'social_image', { name: 'Retired image prompt' });
    await retirePrompt(h.deps.db, retired.id);
    const taken = await seedTheme(h.deps.db, { name: 'Taken theme name' });
    const file = csv(
      THEME_HEADER,
      ['Fine theme', 'list', '1080x1350', ...COLOURS, '', '', ''],
      ['Wrong purpose', 'cards', '', ...COLOURS, '', '', String(blog.id)],
      ['Retired', 'cards', '', ...COLOURS, '', String(retired.id), ''],
      ['Unknown', 'cards', '', ...COLOURS, '999999', '', ''],
      ['taken THEME name', 'cards', '', ...COLOURS, '', '', ''],
      ['Bad design', 'spiral', '500x500', '#FFF', ...COLOURS.slice(1), '', '', ''],
    );
    const verified = (await send('templates', 'verify', file)).json();
    expect(verified.ready).toBe(false);
    expect((verified.errors as { message: string }[]).map((error) => error.message)).toEqual([
      `line 3: text_post_promptid: Prompt ${blog.id} is a Blog post prompt; the Text Post prompt must be a Social post prompt`,
      `line 4: image_promptid: Prompt ${retired.id} ("Retired image prompt") is retired; the Image prompt must be a Social image prompt in service`,
      'line 5: selection_promptid: Prompt 999999 does not exist; the Selection prompt must be an Infographic prompt',
      `line 6: a theme named "Taken theme name" already exists (theme id ${taken.id})`,
      'line 7: layout must be one of cards, list, quote, big_number (found "spiral")',
      'line 7: size must be one of 1080x1080, 1080x1350, 1200x628 (found "500x500")',
      'line 7: background must be a colour like #1A2B3C (found "#FFF")',
    ]);
    const before = await themeCount();
    const saved = await send('templates', 'save', file);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().errors).toHaveLength(7);
    expect(await themeCount()).toBe(before);
    expect(
      await h.deps.db.select().from(infographicThemes).where(eq(infographicThemes.name, 'Fine theme')),
    ).toEqual([]);
  });
});

describe('Upload CSV: checked again at save time', () => {
  it('a name taken between verify and save stops the save by its line, and nothing is saved', async () => {
    const file = csv(
      THEME_HEADER,
      ['Race theme A', 'cards', '', ...COLOURS, '', '', ''],
      ['Race theme B', 'list', '', ...COLOURS, '', '', ''],
    );
    expect((await send('templates', 'verify', file)).json().ready).toBe(true);
    await seedTheme(h.deps.db, { name: 'Race theme B' });
    const before = await themeCount();
    const saved = await send('templates', 'save', file);
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({
      error: 'invalid_rows',
      message: 'One line stops the import; nothing was saved. Correct it and upload the file again.',
      errors: [
        { line: 3, message: expect.stringMatching(/^line 3: a theme named "Race theme B" already exists/) },
      ],
    });
    expect(await themeCount()).toBe(before);
    expect(
      await h.deps.db.select().from(infographicThemes).where(eq(infographicThemes.name, 'Race theme A')),
    ).toEqual([]);
  });

  it('a prompt retired between verify and save stops the save', async () => {
    const image = await seedPrompt(h.deps.db, 'social_image');
    const file = csv(THEME_HEADER, ['Race theme C', 'quote', '', ...COLOURS, '', String(image.id), '']);
    expect((await send('templates', 'verify', file)).json().ready).toBe(true);
    await retirePrompt(h.deps.db, image.id);
    const saved = await send('templates', 'save', file);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().errors[0].message).toMatch(/^line 2: image_promptid: Prompt \d+ \(".*"\) is retired/);
  });

  it('limits of names and texts are those of Prompts Management and Infographics', async () => {
    const file = csv(
      PROMPT_HEADER,
      ['x'.repeat(81), 'chat', 'Help {company}', ''],
      ['Long text', 'chat', 'y'.repeat(20_001), ''],
    );
    const messages = ((await send('prompts', 'verify', file)).json().errors as { message: string }[]).map(
      (e) => e.message,
    );
    expect(messages).toEqual([
      'line 2: promptname: The prompt name can have at most 80 characters',
      'line 3: prompttext: The prompt text can have at most 20,000 characters',
    ]);
    const themes = csv(THEME_HEADER, ['t'.repeat(61), 'cards', '', ...COLOURS, '', '', '']);
    expect((await send('templates', 'verify', themes)).json().errors[0].message).toBe(
      'line 2: theme: The theme name can have at most 60 characters',
    );
  });

  it('the calls are in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths['/api/admin/upload-csv/{kind}/verify']?.post).toBeDefined();
    expect(doc.paths['/api/admin/upload-csv/{kind}/save']?.post).toBeDefined();
    expect(doc.paths['/api/admin/upload-csv/{kind}/sample']?.get).toBeDefined();
  });
});

describe('Upload CSV: files it refuses', () => {
  it('refuses files that are not CSV by content, whatever their name', async () => {
    const png = await send('prompts', 'verify', pngDeclaring(10, 10), { filename: 'prompts.csv' });
    expect(png.statusCode).toBe(400);
    expect(png.json()).toEqual({ error: 'invalid_file', message: 'This file is a PNG file, not a CSV.' });
    const docx = await send('prompts', 'verify', writeDocx(['Hello']), { filename: 'prompts.csv' });
    expect(docx.statusCode).toBe(400);
    expect(docx.json().message).toMatch(/^This file is a (DOCX|ZIP) file, not a CSV\./);
    const binary = await send('prompts', 'verify', Buffer.from([0x70, 0x72, 0x00, 0x01, 0x02, 0x0a]), {
      filename: 'x.csv',
    });
    expect(binary.json()).toEqual({
      error: 'invalid_file',
      message: 'This file is not a CSV: it holds binary data, not text.',
    });
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('promptname,purpose,prompttext\r\nNul\u0000name,chat,Hi\r\n', 'utf16le'),
    ]);
    expect((await send('prompts', 'verify', utf16)).json()).toEqual({
      error: 'invalid_file',
      message: 'line 2: the file holds a NUL character, which a text cannot hold',
    });
    const named = await send('prompts', 'verify', csv(PROMPT_HEADER), { filename: 'prompts.txt' });
    expect(named.json()).toEqual({ error: 'validation_error', message: 'Please select a csv file' });
  });

  it('refuses empty files, a header without rows, unknown or missing columns, too many rows, and oversize files', async () => {
    const cases: [string, string | Buffer, number, RegExp | string][] = [
      ['prompts', '', 400, 'The file is empty'],
      ['prompts', csv(PROMPT_HEADER), 400, 'The file has a header but no rows under it'],
      [
        'prompts',
        csv(['promptname', 'purpose', 'prompttext', 'colour'], ['a', 'chat', 'b', 'c']),
        400,
        /^Unknown column "colour"\. Prompts files have the columns promptname, purpose, prompttext/,
      ],
      ['prompts', csv(['promptname', 'purpose'], ['a', 'chat']), 400, /^The file has no prompttext column\./],
      [
        'templates',
        csv(['theme', 'layout'], ['a', 'cards']),
        400,
        /^The file has no background, surface, text, accent, muted columns\./,
      ],
      [
        'prompts',
        csv(['promptname', 'PromptName', 'purpose', 'prompttext'], ['a', 'b', 'chat', 'c']),
        400,
        'The column "promptname" appears twice',
      ],
      [
        'prompts',
        csv(
          PROMPT_HEADER,
          ...Array.from({ length: CSV_IMPORT_MAX_ROWS + 1 }, (_, at) => [`P${at}`, 'chat', 'x', '']),
        ),
        400,
        `The file has more than ${CSV_IMPORT_MAX_ROWS} rows; one import takes at most ${CSV_IMPORT_MAX_ROWS}. Please split it and import the parts.`,
      ],
      [
        'prompts',
        `${csvRecord(PROMPT_HEADER)}${'a,chat,'.padEnd(6 * 1024 * 1024, 'x')}\r\n`,
        413,
        'The file is larger than 5 MB. Please split it and import the parts.',
      ],
      ['prompts', '"unclosed,chat,text\r\n', 400, /^The file is not a valid CSV/],
    ];
    for (const [kind, content, status, message] of cases) {
      const answer = await send(kind, 'verify', content);
      expect(answer.statusCode, String(message)).toBe(status);
      if (typeof message === 'string') expect(answer.json().message).toBe(message);
      else expect(answer.json().message).toMatch(message);
    }
    const noFile = await postForm(h, '/api/admin/upload-csv/prompts/verify', admin.accessToken, [
      { name: 'x', value: 'y' },
    ]);
    expect(noFile.json()).toEqual({ error: 'validation_error', message: 'Please select a file' });
    expect((await send('leads', 'verify', csv(PROMPT_HEADER))).statusCode).toBe(400);
  });

  it('is for admins only: 403 for a user (nothing saved), 401 without a token', async () => {
    const file = csv(PROMPT_HEADER, ['User import', 'chat', 'Help {company}', '']);
    expect((await send('prompts', 'verify', file, { token: user.accessToken })).statusCode).toBe(403);
    expect((await send('prompts', 'save', file, { token: user.accessToken })).statusCode).toBe(403);
    expect(
      (await h.call('GET', '/api/admin/upload-csv/prompts/sample', { token: user.accessToken })).statusCode,
    ).toBe(403);
    expect((await h.call('POST', '/api/admin/upload-csv/prompts/verify')).statusCode).toBe(401);
    expect(await h.deps.db.select().from(prompts).where(eq(prompts.name, 'User import'))).toEqual([]);
  });
});

describe('Upload CSV: sample files', () => {
  it('each kind has a sample with every column that verifies as it is', async () => {
    for (const kind of ['prompts', 'templates'] as const) {
      const sample = await h.call('GET', `/api/admin/upload-csv/${kind}/sample`, {
        token: admin.accessToken,
      });
      expect(sample.statusCode).toBe(200);
      expect(sample.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(sample.headers['content-disposition']).toBe(`attachment; filename="sample-${kind}.csv"`);
      const verified = await send(kind, 'verify', sample.rawPayload);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json(), kind).toMatchObject({ rows: 2, creates: 2, ready: true, errors: [] });
    }
  });
});
