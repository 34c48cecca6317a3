import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputs } from '../src/db/schema';
import { AppError } from '../src/http/errors';
import { loadInputTexts } from '../src/modules/inputs/load-input-texts';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { inputFixture, pasteText, uploadedImage, uploadedText, uploadText } from './support/inputs-support';

let h: Harness;
let owner: SeededUser;
beforeAll(async () => {
  h = await startHarness();
  owner = await seedUser(h);
});
afterAll(() => h.close());

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('pasted texts', () => {
  it('are saved with their name and text (line ends normalised), and no file', async () => {
    const response = await pasteText(
      h,
      owner.accessToken,
      '  Pricing notes  ',
      'Line one\r\nLine two\r\n\r\n\r\n\r\nEnd',
    );
    expect(response.statusCode).toBe(201);
    const { message, input } = response.json();
    expect(message).toBe('Text Saved');
    expect(input).toMatchObject({
      kind: 'text',
      name: 'Pricing notes',
      mime: 'text/plain',
      text: 'Line one\nLine two\n\nEnd',
      characters: 22,
      excerpt: 'Line one Line two End',
      has_file: false,
      width: null,
      height: null,
    });
    const [row] = await h.deps.db.select().from(inputs).where(eq(inputs.id, input.id));
    expect(row?.storageKey).toBeNull();
  });

  it.each([
    ['an empty name', { name: '', text: 'x' }, 'Give the text a name'],
    ['a blank name', { name: '   ', text: 'x' }, 'Give the text a name'],
    ['an empty text', { name: 'n', text: '' }, 'Paste some text'],
    ['a blank text', { name: 'n', text: ' \n\t ' }, 'Paste some text'],
    [
      'a name of 201 characters',
      { name: 'n'.repeat(201), text: 'x' },
      'The name can be at most 200 characters',
    ],
    [
      'a text of 200,001 characters',
      { name: 'n', text: 'x'.repeat(200_001) },
      'The text can be at most 200,000 characters',
    ],
    ['no text', { name: 'n' }, 'Paste some text'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const response = await h.call('POST', '/api/inputs/texts', { token: owner.accessToken, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
  });

  it('takes the longest text allowed, 200,000 characters of multi-byte text', async () => {
    const text = 'é'.repeat(200_000);
    const response = await pasteText(h, owner.accessToken, 'Long', text);
    expect(response.statusCode).toBe(201);
    expect(response.json().input.characters).toBe(200_000);
  });

  it('refuses U+0000 in the text', async () => {
    const response = await pasteText(h, owner.accessToken, 'Nul', 'a\u0000b');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_error');
  });
});

describe('uploaded texts, one of each format, recognised by content', () => {
  it('.txt: UTF-8 text kept as it is, the original file stored', async () => {
    const input = await uploadedText(h, owner.accessToken, 'notes.txt', inputFixture('notes.txt'));
    expect(input).toMatchObject({ kind: 'text', name: 'notes.txt', mime: 'text/plain', has_file: true });
    expect(input.text).toBe(
      'Customer notes — Q3\n\nOur customers say the onboarding takes “under ten minutes”.\nPricing starts at €49 per month. 🚀',
    );
    expect(input.size_bytes).toBe(inputFixture('notes.txt').length);
    const file = await h.call('GET', `/api/inputs/${input.id}/file`, { token: owner.accessToken });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain');
    expect(file.headers['content-disposition']).toBe('attachment; filename="notes.txt"');
    expect(file.rawPayload.equals(inputFixture('notes.txt'))).toBe(true);
  });

  it('.md: Markdown, told from plain text only by its name once the bytes proved to be text', async () => {
    const input = await uploadedText(h, owner.accessToken, 'launch-plan.md', inputFixture('launch-plan.md'));
    expect(input.mime).toBe('text/markdown');
    expect(input.text).toContain('# Launch plan');
    expect(input.text).toContain('**Autumn release**');
  });

  it('.pdf: the text of every page', async () => {
    const input = await uploadedText(h, owner.accessToken, 'brochure.pdf', inputFixture('brochure.pdf'));
    expect(input.mime).toBe('application/pdf');
    expect(input.text).toContain('Acme Analytics brochure');
    expect(input.text).toContain('Dashboards your sales team will actually open.');
    expect(input.text).toContain('Teams of five start at 99 dollars a month.');
    expect(input.text?.indexOf('Page two')).toBeGreaterThan(input.text?.indexOf('Dashboards') ?? 0);
  });

  it('.docx: its paragraphs', async () => {
    const input = await uploadedText(
      h,
      owner.accessToken,
      'case-study.docx',
      inputFixture('case-study.docx'),
    );
    expect(input.mime).toBe(DOCX);
    expect(input.text).toBe(
      'Case study: Northwind Traders\n\nNorthwind cut its reporting time from two days to twenty minutes.\n\nThe finance team now closes the month a week earlier.',
    );
  });

  it('a PDF named .txt is read as the PDF it is', async () => {
    const input = await uploadedText(h, owner.accessToken, 'not-really.txt', inputFixture('brochure.pdf'));
    expect(input.mime).toBe('application/pdf');
    expect(input.text).toContain('Acme Analytics brochure');
  });

  it('a name given in the form wins over the file name; a path in the file name is dropped', async () => {
    const named = await uploadText(h, owner.accessToken, 'notes.txt', 'hello', 'My notes');
    expect(named.json().input.name).toBe('My notes');
    const pathed = await uploadedText(h, owner.accessToken, 'C:\\Users\\me\\secret\\plan.txt', 'hello');
    expect(pathed.name).toBe('plan.txt');
  });
});

describe('reading, renaming, listing', () => {
  it('gets one input with its whole text', async () => {
    const created = (await pasteText(h, owner.accessToken, 'Whole', 'The whole text.')).json().input;
    const response = await h.call('GET', `/api/inputs/${created.id}`, { token: owner.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().input).toEqual(created);
  });

  it('renames', async () => {
    const created = (await pasteText(h, owner.accessToken, 'Old name', 'x')).json().input;
    const response = await h.call('PUT', `/api/inputs/${created.id}`, {
      token: owner.accessToken,
      body: { name: '  New name ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Input Renamed',
      input: { id: created.id, name: 'New name' },
    });
    const empty = await h.call('PUT', `/api/inputs/${created.id}`, {
      token: owner.accessToken,
      body: { name: ' ' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('lists by kind, newest first, a page at a time, with the total and short excerpts', async () => {
    const user = await seedUser(h);
    for (let index = 1; index <= 5; index += 1) {
      await pasteText(h, user.accessToken, `Text ${index}`, `Body ${index} ${'word '.repeat(100)}`);
    }
    await uploadedImage(h, user.accessToken, 'logo.png', inputFixture('logo.png'));
    const first = await h.call('GET', '/api/inputs?kind=text&page=0&limit=2', { token: user.accessToken });
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(5);
    expect(first.json().inputs.map((input: { name: string }) => input.name)).toEqual(['Text 5', 'Text 4']);
    const excerpt: string = first.json().inputs[0].excerpt;
    expect(excerpt.length).toBeLessThanOrEqual(240);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(first.json().inputs[0]).not.toHaveProperty('text');
    const last = await h.call('GET', '/api/inputs?kind=text&page=2&limit=2', { token: user.accessToken });
    expect(last.json().inputs.map((input: { name: string }) => input.name)).toEqual(['Text 1']);
    const beyond = await h.call('GET', '/api/inputs?kind=text&page=9&limit=2', { token: user.accessToken });
    expect(beyond.json()).toEqual({ inputs: [], total: 5 });
    const images = await h.call('GET', '/api/inputs?kind=image', { token: user.accessToken });
    expect(images.json().total).toBe(1);
    expect(images.json().inputs[0]).toMatchObject({ kind: 'image', characters: null, excerpt: null });
    const summary = await h.call('GET', '/api/inputs/summary', { token: user.accessToken });
    expect(summary.json()).toEqual({ texts: 5, images: 1 });
  });

  it.each([
    ['/api/inputs', 'kind must be one of: text, image'],
    ['/api/inputs?kind=video', 'kind must be one of: text, image'],
    ['/api/inputs?kind=text&limit=101', 'limit must be at most 100'],
    ['/api/inputs?kind=text&page=-1', 'page must be at least 0'],
  ])('refuses the query %s', async (url, message) => {
    const response = await h.call('GET', url, { token: owner.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
  });

  it('needs a signed-in caller', async () => {
    expect((await h.call('GET', '/api/inputs?kind=text')).statusCode).toBe(401);
    expect((await h.call('POST', '/api/inputs/texts', { body: { name: 'a', text: 'b' } })).statusCode).toBe(
      401,
    );
  });
});

describe('deleting', () => {
  it('removes the row and the stored file', async () => {
    const input = await uploadedText(h, owner.accessToken, 'gone.pdf', inputFixture('brochure.pdf'));
    const [row] = await h.deps.db.select().from(inputs).where(eq(inputs.id, input.id));
    const key = row?.storageKey ?? '';
    expect(await h.deps.storage.exists(key)).toBe(true);
    const response = await h.call('DELETE', `/api/inputs/${input.id}`, { token: owner.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Input Deleted' });
    expect(await h.deps.storage.exists(key)).toBe(false);
    expect((await h.call('GET', `/api/inputs/${input.id}`, { token: owner.accessToken })).statusCode).toBe(
      404,
    );
    expect((await h.call('DELETE', `/api/inputs/${input.id}`, { token: owner.accessToken })).statusCode).toBe(
      404,
    );
  });

  it('a pasted text has no file to remove', async () => {
    const input = (await pasteText(h, owner.accessToken, 'Pasted', 'x')).json().input;
    expect((await h.call('DELETE', `/api/inputs/${input.id}`, { token: owner.accessToken })).statusCode).toBe(
      200,
    );
  });
});

describe('loadInputTexts, what generations read', () => {
  it('gives the chosen texts in the order asked, a repeated id once', async () => {
    const user = await seedUser(h);
    const a = (await pasteText(h, user.accessToken, 'A', 'Alpha text')).json().input;
    const b = (await pasteText(h, user.accessToken, 'B', 'Beta text')).json().input;
    expect(await loadInputTexts(h.deps.db, user.user.id, [b.id, a.id, b.id])).toEqual([
      { id: b.id, name: 'B', text: 'Beta text' },
      { id: a.id, name: 'A', text: 'Alpha text' },
    ]);
    expect(await loadInputTexts(h.deps.db, user.user.id, [])).toEqual([]);
  });

  it('cuts each text to 6,000 characters and all to 12,000, sharing fairly', async () => {
    const user = await seedUser(h);
    const long = (await pasteText(h, user.accessToken, 'Long', 'long '.repeat(20_000))).json().input;
    const short = (await pasteText(h, user.accessToken, 'Short', 'short text')).json().input;
    const other = (await pasteText(h, user.accessToken, 'Other', 'other '.repeat(5_000))).json().input;
    const texts = await loadInputTexts(h.deps.db, user.user.id, [long.id, short.id, other.id]);
    const [first, second, third] = texts;
    expect(first?.text.length).toBeLessThanOrEqual(6_000);
    expect(first?.text.endsWith('…')).toBe(true);
    expect(second?.text).toBe('short text');
    expect(third?.text.length).toBeLessThanOrEqual(6_000);
    const total = texts.reduce((sum, input) => sum + input.text.length, 0);
    expect(total).toBeLessThanOrEqual(12_000);
    expect(total).toBeGreaterThan(11_800);
    const alone = await loadInputTexts(h.deps.db, user.user.id, [long.id], {
      eachChars: 100,
      totalChars: 100,
    });
    expect(alone[0]?.text.length).toBeLessThanOrEqual(100);
  });

  it("throws a 404 AppError for an unknown id or another user's, and 400 for an image", async () => {
    const user = await seedUser(h);
    const stranger = await seedUser(h);
    const mine = (await pasteText(h, user.accessToken, 'Mine', 'x')).json().input;
    const theirs = (await pasteText(h, stranger.accessToken, 'Theirs', 'secret')).json().input;
    const picture = await uploadedImage(h, user.accessToken, 'logo.png', inputFixture('logo.png'));
    for (const ids of [[mine.id, theirs.id], [999_999_999]]) {
      const error = await loadInputTexts(h.deps.db, user.user.id, ids).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Input not found' });
    }
    await expect(loadInputTexts(h.deps.db, user.user.id, [picture.id])).rejects.toMatchObject({
      status: 400,
      message: 'Only text inputs can ground a generation: choose one of your texts',
    });
  });
});

describe('the OpenAPI document', () => {
  it('describes every inputs call, the uploads as multipart', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { consumes?: string[]; requestBody?: { content: object } }>>;
    }>();
    expect(
      Object.keys(paths)
        .filter((path) => path.startsWith('/api/inputs'))
        .sort(),
    ).toEqual([
      '/api/inputs',
      '/api/inputs/images',
      '/api/inputs/summary',
      '/api/inputs/texts',
      '/api/inputs/texts/upload',
      '/api/inputs/{id}',
      '/api/inputs/{id}/file',
      '/api/inputs/{id}/image',
      '/api/inputs/{id}/thumbnail',
    ]);
    expect(Object.keys(paths['/api/inputs/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(JSON.stringify(paths['/api/inputs/images']?.post)).toContain('multipart/form-data');
    expect(JSON.stringify(paths['/api/inputs/texts']?.post?.requestBody?.content)).toContain(
      'application/json',
    );
  });
});
