import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputs } from '../src/db/schema';
import { storageKey } from '../src/lib/clients/storage';
import { storeInput } from '../src/modules/inputs/upload/store-input';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { inputFixture, pasteText, uploadedImage, uploadedText } from './support/inputs-support';

let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;
beforeAll(async () => {
  h = await startHarness();
  owner = await seedUser(h);
  stranger = await seedUser(h);
});
afterAll(() => h.close());

const rowOf = async (id: number) => {
  const [row] = await h.deps.db.select().from(inputs).where(eq(inputs.id, id));
  if (!row) throw new Error('no row');
  return row;
};

describe('image uploads', () => {
  it.each([
    ['logo.png', 'image/png', 'png', 400, 300],
    ['banner.webp', 'image/webp', 'webp', 1200, 400],
  ])(
    '%s: kept in its format with its size, a WebP thumbnail of at most 320 px',
    async (file, mime, format, width, height) => {
      const input = await uploadedImage(h, owner.accessToken, file, inputFixture(file));
      expect(input).toMatchObject({
        kind: 'image',
        name: file,
        mime,
        width,
        height,
        has_file: true,
        text: null,
      });
      const image = await h.call('GET', `/api/inputs/${input.id}/image`, { token: owner.accessToken });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(mime);
      expect(image.headers['content-disposition']).toBe(
        `inline; filename="${file.replace(/\..+$/, '')}.${format}"`,
      );
      expect(image.headers['cache-control']).toBe('private, max-age=86400, immutable');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(image.headers['content-length'])).toBe(image.rawPayload.length);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format, width, height });
      const thumbnail = await h.call('GET', `/api/inputs/${input.id}/thumbnail`, {
        token: owner.accessToken,
      });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      const thumb = await sharp(thumbnail.rawPayload).metadata();
      expect(thumb.format).toBe('webp');
      expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(320);
      expect((thumb.width ?? 0) / (thumb.height ?? 1)).toBeCloseTo(width / height, 1);
    },
  );

  it('a JPEG: EXIF (camera, GPS) is stripped and the picture turned upright first', async () => {
    const original = await sharp(inputFixture('photo.jpg')).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);
    const input = await uploadedImage(h, owner.accessToken, 'photo.jpg', inputFixture('photo.jpg'));
    // Orientation 6 is a quarter turn: the 640 × 480 picture stands upright as 480 × 640.
    expect(input).toMatchObject({ mime: 'image/jpeg', width: 480, height: 640 });
    const image = await h.call('GET', `/api/inputs/${input.id}/image`, { token: owner.accessToken });
    const kept = await sharp(image.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 480, height: 640 });
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('FixtureCam'))).toBe(false);
    const thumbnail = await h.call('GET', `/api/inputs/${input.id}/thumbnail`, { token: owner.accessToken });
    const thumb = await sharp(thumbnail.rawPayload).metadata();
    expect(thumb).toMatchObject({ width: 240, height: 320 });
    expect(thumb.exif).toBeUndefined();
  });

  it('a small picture is not enlarged for its thumbnail', async () => {
    const tiny = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const input = await uploadedImage(h, owner.accessToken, 'tiny.png', tiny);
    const thumbnail = await h.call('GET', `/api/inputs/${input.id}/thumbnail`, { token: owner.accessToken });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 40, height: 20 });
  });

  it('an image has no thumbnail for a text, and a pasted text no file at all: 404', async () => {
    const text = await uploadedText(h, owner.accessToken, 'notes.txt', inputFixture('notes.txt'));
    expect(
      (await h.call('GET', `/api/inputs/${text.id}/image`, { token: owner.accessToken })).statusCode,
    ).toBe(404);
    expect(
      (await h.call('GET', `/api/inputs/${text.id}/thumbnail`, { token: owner.accessToken })).statusCode,
    ).toBe(404);
    const pasted = (await pasteText(h, owner.accessToken, 'Pasted', 'x')).json().input;
    expect(
      (await h.call('GET', `/api/inputs/${pasted.id}/file`, { token: owner.accessToken })).statusCode,
    ).toBe(404);
  });

  it('the original of an image is its cleaned copy, as an attachment', async () => {
    const input = await uploadedImage(h, owner.accessToken, 'photo.jpg', inputFixture('photo.jpg'));
    const file = await h.call('GET', `/api/inputs/${input.id}/file`, { token: owner.accessToken });
    expect(file.headers['content-disposition']).toBe('attachment; filename="photo.jpg"');
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
  });
});

describe("another user's inputs answer 404, exactly like missing ones", () => {
  it('for every call', async () => {
    const image = await uploadedImage(h, owner.accessToken, 'logo.png', inputFixture('logo.png'));
    const text = await uploadedText(h, owner.accessToken, 'notes.txt', inputFixture('notes.txt'));
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/inputs/${text.id}`],
      ['PUT', `/api/inputs/${text.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/inputs/${text.id}`],
      ['GET', `/api/inputs/${text.id}/file`],
      ['GET', `/api/inputs/${image.id}/image`],
      ['GET', `/api/inputs/${image.id}/thumbnail`],
      ['GET', `/api/inputs/${image.id}/file`],
      ['DELETE', `/api/inputs/${image.id}`],
    ];
    for (const [method, url, body] of calls) {
      const theirs = await h.call(method as 'GET', url, { token: stranger.accessToken, body });
      expect(theirs.statusCode, `${method} ${url}`).toBe(404);
      expect(theirs.json()).toEqual({ error: 'not_found', message: 'Input not found' });
      const missing = await h.call(method as 'GET', url.replace(/\/\d+/, '/987654321'), {
        token: owner.accessToken,
        body,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(theirs.json());
    }
    // Nothing changed for the owner.
    expect((await rowOf(text.id)).name).toBe('notes.txt');
    expect(await h.deps.storage.exists((await rowOf(image.id)).storageKey ?? '')).toBe(true);
    const list = await h.call('GET', '/api/inputs?kind=image', { token: stranger.accessToken });
    expect(list.json()).toEqual({ inputs: [], total: 0 });
    expect((await h.call('GET', '/api/inputs/summary', { token: stranger.accessToken })).json()).toEqual({
      texts: 0,
      images: 0,
    });
  });

  it('ids that are not ids: 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const response = await h.call('GET', `/api/inputs/${id}`, { token: owner.accessToken });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
  });
});

describe('deleting an image', () => {
  it('removes the picture and its thumbnail from storage', async () => {
    const input = await uploadedImage(h, owner.accessToken, 'banner.webp', inputFixture('banner.webp'));
    const row = await rowOf(input.id);
    const keys = [row.storageKey ?? '', row.thumbKey ?? ''];
    expect(keys.every((key) => key.startsWith(`inputs/${owner.user.id}/`))).toBe(true);
    for (const key of keys) expect(await h.deps.storage.exists(key)).toBe(true);
    expect((await h.call('DELETE', `/api/inputs/${input.id}`, { token: owner.accessToken })).statusCode).toBe(
      200,
    );
    for (const key of keys) expect(await h.deps.storage.exists(key)).toBe(false);
    expect(
      (await h.call('GET', `/api/inputs/${input.id}/thumbnail`, { token: owner.accessToken })).statusCode,
    ).toBe(404);
  });

  it('a file gone from storage answers 404, not 500', async () => {
    const input = await uploadedImage(h, owner.accessToken, 'logo.png', inputFixture('logo.png'));
    await h.deps.storage.delete((await rowOf(input.id)).storageKey ?? '');
    const response = await h.call('GET', `/api/inputs/${input.id}/image`, { token: owner.accessToken });
    expect(response.statusCode).toBe(404);
  });

  it('when the row cannot be written, the stored files go again', async () => {
    // A user id with no account behind it: the insert fails on its foreign key, after the files were put.
    const ghost = randomUUID();
    const keys = [storageKey(`inputs/${ghost}`, 'png'), storageKey(`inputs/${ghost}`, 'webp')];
    const warnings: unknown[] = [];
    const attempt = storeInput(
      h.deps,
      { warn: (entry) => warnings.push(entry) },
      { userId: ghost, kind: 'image', name: 'x.png', mime: 'image/png', sizeBytes: 3 },
      {
        original: { key: keys[0] ?? '', bytes: Buffer.from('png'), contentType: 'image/png' },
        thumbnail: { key: keys[1] ?? '', bytes: Buffer.from('webp'), contentType: 'image/webp' },
      },
      'Image Uploaded',
    );
    await expect(attempt).rejects.toThrow();
    for (const key of keys) expect(await h.deps.storage.exists(key)).toBe(false);
    expect(warnings).toEqual([]);
  });
});
