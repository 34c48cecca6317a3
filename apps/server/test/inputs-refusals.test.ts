import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputs } from '../src/db/schema';
import { extractText } from '../src/modules/inputs/extract/extract-text';
import { runExtraction } from '../src/modules/inputs/extract/run-extraction';
import { multipart } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { writePdf } from './support/files/pdf-writer';
import { pngDeclaring } from './support/files/png-header';
import { documentXml, docxEntries, writeDocx, writeZip } from './support/files/zip-writer';
import { type Harness, startHarness } from './support/harness';
import { inputFixture, uploadImage, uploadText } from './support/inputs-support';

let h: Harness;
let user: SeededUser;
beforeAll(async () => {
  h = await startHarness();
  user = await seedUser(h);
});
afterAll(() => h.close());

const PNG = () => inputFixture('logo.png');
/** What a Windows program starts with ("MZ", then its DOS header). */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x90)]);
/** An OLE2 compound file (what .doc, .xls and .ppt were) starts with this signature. */
const OLD_DOC = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504, 0)]);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A .docx whose document.xml is `size` bytes of one repeated character: tiny once compressed. */
const bombDocx = (size: number): Buffer =>
  writeZip(docxEntries(Buffer.concat([documentXml(['start']), Buffer.alloc(size, 0x20)])));

/** Nothing of the user's stayed anywhere: no row, no file. */
const expectNothingKept = async (): Promise<void> => {
  const [rows] = await h.deps.db
    .select({ value: count() })
    .from(inputs)
    .where(eq(inputs.userId, user.user.id));
  expect(rows?.value).toBe(0);
  const folder = path.join(h.config.dataDir, 'files', 'inputs', user.user.id);
  expect(await readdir(folder).catch(() => [])).toEqual([]);
  expect(await readdir(path.join(h.config.dataDir, 'files', '.tmp')).catch(() => [])).toEqual([]);
};

const expectRefusal = (
  response: { statusCode: number; json: () => unknown },
  status: number,
  error: string,
  message: string | RegExp,
) => {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { error: string; message: string };
  expect(body.error).toBe(error);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
};

describe('text uploads refused by content, whatever the name says', () => {
  it.each([
    ['a .pdf name with PNG bytes', 'report.pdf', PNG, /not a text document.*\(this file is a PNG image\)/],
    ['a .txt name with a Windows program', 'notes.txt', () => EXE, /not a text document.*a Windows program/],
    [
      'a .docx name with a plain zip',
      'plan.docx',
      () => writeZip([{ name: 'a.txt', data: Buffer.from('x') }]),
      /zip archive/,
    ],
    ['a .md name with a GIF', 'readme.md', () => GIF, /a GIF image/],
    [
      'an RTF document',
      'letter.txt',
      () => Buffer.from('{\\rtf1\\ansi Hello}'),
      /an RTF document: save it as \.docx/,
    ],
    ['an old Word document', 'old.docx', () => OLD_DOC, /an old Office document \(\.doc\)/],
    [
      'a .txt name with binary bytes',
      'data.txt',
      () => Buffer.from([1, 0, 2, 0, 3, 255, 254]),
      /not a document this app reads/,
    ],
  ])('%s: 415', async (_label, fileName, bytes, message) => {
    expectRefusal(
      await uploadText(h, user.accessToken, fileName, bytes()),
      415,
      'unsupported_media_type',
      message,
    );
    await expectNothingKept();
  });

  it('text that is not UTF-8 (Windows-1252) is told so', async () => {
    const latin1 = Buffer.from('Caf\xe9 cr\xe8me, 10\x80', 'latin1');
    expectRefusal(
      await uploadText(h, user.accessToken, 'menu.txt', latin1),
      415,
      'unsupported_media_type',
      'This text file is not UTF-8 text: save it as UTF-8 and upload it again',
    );
  });

  it('an empty file: 400', async () => {
    expectRefusal(
      await uploadText(h, user.accessToken, 'empty.txt', Buffer.alloc(0)),
      400,
      'validation_error',
      'The file is empty',
    );
  });

  it('a file of 10 MB and one byte: 413, cut off at the limit', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    expectRefusal(
      await uploadText(h, user.accessToken, 'big.txt', big),
      413,
      'too_large',
      'The file is larger than 10 MB',
    );
    expectRefusal(
      await uploadImage(h, user.accessToken, 'big.png', big),
      413,
      'too_large',
      'The file is larger than 10 MB',
    );
    await expectNothingKept();
  });

  it('a file of exactly 10 MB is taken', async () => {
    const exact = Buffer.alloc(10 * 1024 * 1024, 'a');
    // 10 MB of one letter is more text than a text input may hold: the size passes, the text length not.
    expectRefusal(
      await uploadText(h, user.accessToken, 'exact.txt', exact),
      413,
      'too_large',
      'The text can be at most 200,000 characters',
    );
  });

  it('text longer than 200,000 characters: 413, in a .txt, a .docx and a PDF', async () => {
    const long = 'word '.repeat(40_001);
    expectRefusal(
      await uploadText(h, user.accessToken, 'long.txt', long),
      413,
      'too_large',
      'The text can be at most 200,000 characters',
    );
    const paragraphs = Array.from({ length: 2_100 }, () => 'lorem ipsum '.repeat(9));
    expectRefusal(
      await uploadText(h, user.accessToken, 'long.docx', writeDocx(paragraphs)),
      413,
      'too_large',
      'The text can be at most 200,000 characters',
    );
    const pages = Array.from({ length: 60 }, () =>
      Array.from({ length: 40 }, () => 'lorem ipsum dolor sit amet '.repeat(4)),
    );
    expectRefusal(
      await uploadText(h, user.accessToken, 'long.pdf', writePdf(pages)),
      413,
      'too_large',
      'The text can be at most 200,000 characters',
    );
    await expectNothingKept();
  });

  it('a PDF of more than 300 pages: 413', async () => {
    const pages = Array.from({ length: 301 }, (_, index) => [`Page ${index + 1}`]);
    expectRefusal(
      await uploadText(h, user.accessToken, 'thick.pdf', writePdf(pages)),
      413,
      'too_large',
      'The PDF has more than 300 pages',
    );
  });

  it('a file with no text in it (blank pages): 422', async () => {
    expectRefusal(
      await uploadText(h, user.accessToken, 'scan.pdf', writePdf([[], []])),
      422,
      'no_text',
      /No text was found/,
    );
    expectRefusal(
      await uploadText(h, user.accessToken, 'blank.txt', ' \n\n \t'),
      422,
      'no_text',
      /No text was found/,
    );
  });

  it('a damaged PDF or .docx: 422', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x41)]);
    expectRefusal(
      await uploadText(h, user.accessToken, 'broken.pdf', broken),
      422,
      'unreadable_file',
      /could not be read/,
    );
    const cut = inputFixture('case-study.docx').subarray(0, 600);
    expectRefusal(
      await uploadText(h, user.accessToken, 'cut.docx', cut),
      422,
      'unreadable_file',
      /could not be read/,
    );
    await expectNothingKept();
  });
});

describe('zip bombs: .docx files that unpack to far more than their size are refused before parsing', () => {
  it('a part 1,000 times its compressed size', async () => {
    const bomb = bombDocx(4 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(40_000);
    expectRefusal(await uploadText(h, user.accessToken, 'bomb.docx', bomb), 422, 'unsafe_file', /zip bomb/);
    await expectNothingKept();
  });

  it('parts adding up to more than 100 MB', async () => {
    const parts = Array.from({ length: 11 }, (_, index) => ({
      name: `word/media/filler${index}.bin`,
      data: Buffer.alloc(10 * 1024 * 1024, index),
    }));
    const bomb = writeZip([...docxEntries(documentXml(['Hello'])), ...parts]);
    expectRefusal(await uploadText(h, user.accessToken, 'heavy.docx', bomb), 422, 'unsafe_file', /zip bomb/);
  });

  it('more than 2,000 parts', async () => {
    const parts = Array.from({ length: 2_001 }, (_, index) => ({
      name: `word/p${index}.xml`,
      data: Buffer.from('<a/>'),
    }));
    const bomb = writeZip([...docxEntries(documentXml(['Hello'])), ...parts]);
    expectRefusal(await uploadText(h, user.accessToken, 'many.docx', bomb), 422, 'unsafe_file', /zip bomb/);
  });

  it('a part that declares a small size and inflates to much more (a lying header)', async () => {
    const entries = docxEntries(Buffer.concat([documentXml(['liar']), Buffer.alloc(3 * 1024 * 1024, 0x20)]));
    const liar = writeZip(
      entries.map((entry) => (entry.name === 'word/document.xml' ? { ...entry, declaredSize: 900 } : entry)),
    );
    expectRefusal(await uploadText(h, user.accessToken, 'liar.docx', liar), 422, 'unsafe_file', /zip bomb/);
    await expectNothingKept();
  });
});

describe('image uploads refused by content', () => {
  it.each([
    [
      'a .png name with PDF bytes',
      'photo.png',
      () => inputFixture('brochure.pdf'),
      /not a picture.*a PDF document/,
    ],
    ['a .jpg name with a Windows program', 'photo.jpg', () => EXE, /a Windows program/],
    ['a GIF', 'anim.gif', () => GIF, /a GIF image/],
    [
      'an SVG (text, may hold scripts)',
      'logo.png',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      /a text file/,
    ],
    ['a .webp name with text', 'x.webp', () => Buffer.from('hello'), /a text file/],
  ])('%s: 415', async (_label, fileName, bytes, message) => {
    expectRefusal(
      await uploadImage(h, user.accessToken, fileName, bytes()),
      415,
      'unsupported_media_type',
      message,
    );
    await expectNothingKept();
  });

  it('a picture declaring more than 50 million pixels: 413 before anything is decoded', async () => {
    const huge = pngDeclaring(10_000, 6_000);
    expect(huge.length).toBeLessThan(2_000);
    expectRefusal(
      await uploadImage(h, user.accessToken, 'huge.png', huge),
      413,
      'too_large',
      'The image has more than 50 million pixels',
    );
    await expectNothingKept();
  });

  it('a truncated JPEG: 422', async () => {
    const photo = inputFixture('photo.jpg');
    const cut = photo.subarray(0, Math.floor(photo.length / 2));
    expectRefusal(
      await uploadImage(h, user.accessToken, 'cut.jpg', cut),
      422,
      'unreadable_file',
      /could not be read/,
    );
  });

  it('an image sent to the text upload, a text to the image upload', async () => {
    expectRefusal(
      await uploadText(h, user.accessToken, 'logo.png', PNG()),
      415,
      'unsupported_media_type',
      /PNG image/,
    );
    expectRefusal(
      await uploadImage(h, user.accessToken, 'notes.txt', inputFixture('notes.txt')),
      415,
      'unsupported_media_type',
      /a text file/,
    );
    const webp = await sharp(PNG()).webp().toBuffer();
    expectRefusal(
      await uploadText(h, user.accessToken, 'pic.txt', webp),
      415,
      'unsupported_media_type',
      /WEBP image/,
    );
  });
});

describe('malformed forms', () => {
  const post = (url: string, payload: Buffer | string, contentType: string) =>
    h.call('POST', url, { token: user.accessToken, body: payload, headers: { 'content-type': contentType } });

  it('no file part, or not a form at all: 400 "Please select a file"', async () => {
    const { payload, contentType } = multipart([{ name: 'name', value: 'Only a name' }]);
    expectRefusal(
      await post('/api/inputs/texts/upload', payload, contentType),
      400,
      'validation_error',
      'Please select a file',
    );
    expectRefusal(
      await post('/api/inputs/images', '{"file":"x"}', 'application/json'),
      400,
      'validation_error',
      'Please select a file',
    );
  });

  it('a body cut off before its closing boundary: 400, nothing kept', async () => {
    const { payload, contentType } = multipart([{ name: 'file', filename: 'a.txt', content: 'hello there' }]);
    const cut = payload.subarray(0, payload.length - 30);
    expectRefusal(await post('/api/inputs/texts/upload', cut, contentType), 400, 'bad_request', /incomplete/);
    await expectNothingKept();
  });

  it('two files: 413 too many parts', async () => {
    const { payload, contentType } = multipart([
      { name: 'file', filename: 'a.txt', content: 'one' },
      { name: 'file', filename: 'b.txt', content: 'two' },
    ]);
    expectRefusal(
      await post('/api/inputs/texts/upload', payload, contentType),
      413,
      'too_large',
      /too many parts/,
    );
  });

  it('a name field that is too long or holds U+0000: 400', async () => {
    const long = await uploadText(h, user.accessToken, 'a.txt', 'hello', 'n'.repeat(201));
    expectRefusal(long, 400, 'validation_error', 'The name can be at most 200 characters');
    const nul = await uploadText(h, user.accessToken, 'a.txt', 'hello', 'bad\u0000name');
    expectRefusal(nul, 400, 'validation_error', /NUL/);
    await expectNothingKept();
  });
});

describe('reading a document is bounded in time', () => {
  it('a reader that runs out of time is ended, and the upload refused with 422', async () => {
    const answer = await runExtraction(
      { format: 'pdf', bytes: inputFixture('brochure.pdf'), maxPages: 300, maxChars: 200_000 },
      { timeoutMs: 1, memoryMb: 256 },
    );
    expect(answer).toEqual({ ok: false, reason: 'timeout' });
    await expect(
      extractText(
        inputFixture('brochure.pdf'),
        { family: 'document', format: 'pdf', mime: 'application/pdf' },
        {
          timeoutMs: 1,
          memoryMb: 256,
        },
      ),
    ).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/took too long/) });
  });

  it('several documents at once all get read', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        runExtraction({
          format: 'docx',
          bytes: inputFixture('case-study.docx'),
          maxPages: 300,
          maxChars: 200_000,
        }),
      ),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
  });
});
