import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TDesignAsset } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designAssets } from '../src/db/schema';
import { postForm } from './leads-support';
import { startAdminHarness } from './support/admin-harness';
import type { SeededUser } from './support/factories';
import { pngDeclaring } from './support/files/png-header';
import type { Harness } from './support/harness';
import { pngSize } from './support/png-size';

let h: Harness;
let admin: SeededUser;
let user: SeededUser;
beforeAll(async () => {
  ({ h, admin, user } = await startAdminHarness());
});
afterAll(() => h.close());

const require = createRequire(import.meta.url);
const fontFile = (name: string) => readFileSync(require.resolve(name));

const upload = (kind: string, filename: string, content: Buffer | string, token = admin.accessToken) =>
  postForm(h, '/api/admin/assets', token, [
    { name: 'kind', value: kind },
    { name: 'file', filename, content, type: 'application/octet-stream' },
  ]);

/** A picture with EXIF (a camera make, and a description that differs per call, so each is a new file). */
const photo = async (width = 800, height = 600) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .jpeg()
    .withMetadata({
      exif: { IFD0: { Make: 'Secret Camera', ImageDescription: randomBytes(8).toString('hex') } },
    })
    .toBuffer();

const uploaded = async (kind: string, filename: string, content: Buffer): Promise<TDesignAsset> => {
  const answer = await upload(kind, filename, content);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().asset;
};

const colors = {
  background: '#112233',
  surface: '#223344',
  text: '#FFFFFF',
  accent: '#FFAA00',
  muted: '#AABBCC',
};

describe('design assets', () => {
  it('answers 403 to users on every call', async () => {
    const asset = await uploaded('image', 'pic.jpg', await photo());
    for (const [method, url] of [
      ['GET', '/api/admin/assets'],
      ['GET', `/api/admin/assets/${asset.id}/file`],
      ['GET', `/api/admin/assets/${asset.id}/thumbnail`],
      ['DELETE', `/api/admin/assets/${asset.id}`],
    ] as const) {
      expect((await h.call(method, url, { token: user.accessToken })).statusCode, url).toBe(403);
    }
    expect((await upload('image', 'pic.jpg', await photo(), user.accessToken)).statusCode).toBe(403);
  });

  it('keeps a background without its EXIF, with a thumbnail, and lists it newest first', async () => {
    const original = await photo(1600, 900);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const asset = await uploaded('background', 'IMG_0001.JPG', original);
    expect(asset).toMatchObject({
      kind: 'background',
      name: 'IMG_0001.JPG',
      mime: 'image/jpeg',
      width: 1600,
      height: 900,
      font_family: null,
      used_by: [],
      file_uri: `/api/admin/assets/${asset.id}/file`,
      thumbnail_uri: `/api/admin/assets/${asset.id}/thumbnail`,
    });
    const file = await h.call('GET', asset.file_uri, { token: admin.accessToken });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    const thumbnail = await h.call('GET', asset.thumbnail_uri ?? '', { token: admin.accessToken });
    const thumbMeta = await sharp(thumbnail.rawPayload).metadata();
    expect(thumbMeta.format).toBe('webp');
    expect(Math.max(thumbMeta.width ?? 0, thumbMeta.height ?? 0)).toBeLessThanOrEqual(320);
    const newer = await uploaded('image', 'second.jpg', await photo());
    const list = await h.call('GET', '/api/admin/assets?page_size=2', { token: admin.accessToken });
    expect(list.json().assets.map((entry: TDesignAsset) => entry.id)).toEqual([newer.id, asset.id]);
    expect(list.json().total).toBeGreaterThanOrEqual(2);
    const backgrounds = await h.call('GET', '/api/admin/assets?kind=background', {
      token: admin.accessToken,
    });
    expect(backgrounds.json().assets.every((entry: TDesignAsset) => entry.kind === 'background')).toBe(true);
  });

  it('the same file twice answers the asset already there', async () => {
    const bytes = await photo();
    const first = await uploaded('image', 'a.jpg', bytes);
    const again = await upload('image', 'b.jpg', bytes);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ existing: true, asset: { id: first.id, name: 'a.jpg' } });
    const rows = await h.deps.db
      .select()
      .from(designAssets)
      .where(
        eq(
          designAssets.sha256,
          (await h.deps.db.select().from(designAssets).where(eq(designAssets.id, first.id)))[0]?.sha256 ?? '',
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('refuses files by their content: a disguised file, a font as a picture, a giant image, a bad kind', async () => {
    const disguised = await upload(
      'image',
      'holiday.png',
      Buffer.from('MZ\x90\x00 this is really a program'),
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toMatch(/must be PNG, JPEG or WebP/);
    const fontAsPicture = await upload(
      'background',
      'bg.png',
      fontFile('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    );
    expect(fontAsPicture.statusCode).toBe(415);
    const pictureAsFont = await upload('font', 'font.ttf', await photo());
    expect(pictureAsFont.statusCode).toBe(415);
    expect(pictureAsFont.json().message).toMatch(/TTF, OTF or WOFF; this file is a JPG file/);
    const giant = await upload('background', 'huge.png', pngDeclaring(10_000, 10_000));
    expect(giant.statusCode).toBe(413);
    expect(giant.json().message).toMatch(/more than 40 million pixels/);
    const noKind = await upload('poster', 'a.jpg', await photo());
    expect(noKind.statusCode).toBe(400);
    const empty = await upload('image', 'empty.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const count = await h.deps.db.select().from(designAssets).where(eq(designAssets.name, 'holiday.png'));
    expect(count).toHaveLength(0);
  });

  it('keeps a font that draws, with the family it declares; refuses a broken font and WOFF2 with a clear message', async () => {
    const font = await uploaded(
      'font',
      'serif.ttf',
      fontFile('dejavu-fonts-ttf/ttf/DejaVuSerifCondensed.ttf'),
    );
    expect(font).toMatchObject({
      kind: 'font',
      mime: 'font/ttf',
      // The family it declares for its styles (the preferred family), not the condensed face's own name.
      font_family: 'DejaVu Serif',
      thumbnail_uri: null,
    });
    const woff = await uploaded(
      'font',
      'inter.woff',
      fontFile('@fontsource/inter/files/inter-latin-700-normal.woff'),
    );
    expect(woff.font_family).toBe('Inter');
    const good = fontFile('dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf');
    const broken = Buffer.concat([good.subarray(0, 4000), Buffer.alloc(20_000, 7)]);
    const refused = await upload('font', 'broken.ttf', broken);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'font_failed' });
    expect(refused.json().message).toMatch(/^This font cannot be used: /);
    const woff2 = await upload(
      'font',
      'inter.woff2',
      fontFile('@fontsource/inter/files/inter-latin-400-normal.woff2'),
    );
    expect(woff2.statusCode).toBe(415);
    expect(woff2.json().message).toMatch(/WOFF2/);
  });

  it('a theme draws with uploaded assets; a used asset cannot be deleted, an unused one can', async () => {
    const background = await uploaded('background', 'bg.jpg', await photo(1200, 1200));
    const font = await uploaded('font', 'mono.ttf', fontFile('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'));
    const design = {
      layout: 'quote',
      colors,
      heading_font: { asset_id: font.id },
      background_asset_id: background.id,
      background_opacity: 40,
    };
    const preview = await h.call('POST', '/api/admin/infographics/preview', {
      token: admin.accessToken,
      body: { design, content: { headline: 'Drawn with uploads' } },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(pngSize(preview.rawPayload)).toEqual({ width: 1080, height: 1080 });
    const created = await h.call('POST', '/api/admin/infographics/themes', {
      token: admin.accessToken,
      body: { name: `Uploads ${Math.random().toString(36).slice(2, 8)}`, design },
    });
    expect(created.statusCode, created.body).toBe(201);
    const theme = created.json().theme;
    const themePreview = await h.call('GET', theme.preview_uri, { token: user.accessToken });
    expect(themePreview.statusCode).toBe(200);
    const refused = await h.call('DELETE', `/api/admin/assets/${background.id}`, {
      token: admin.accessToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'asset_in_use',
      used_by: [{ id: theme.id, name: theme.name }],
    });
    expect(refused.json().message).toContain(theme.name);
    const listed = await h.call('GET', '/api/admin/assets?kind=font', { token: admin.accessToken });
    expect(listed.json().assets.find((entry: TDesignAsset) => entry.id === font.id).used_by).toEqual([
      { id: theme.id, name: theme.name },
    ]);
    const unused = await uploaded('image', 'unused.jpg', await photo());
    const deleted = await h.call('DELETE', `/api/admin/assets/${unused.id}`, { token: admin.accessToken });
    expect(deleted.statusCode).toBe(200);
    expect((await h.call('GET', unused.file_uri, { token: admin.accessToken })).statusCode).toBe(404);
    expect(
      (await h.call('DELETE', `/api/admin/assets/${unused.id}`, { token: admin.accessToken })).statusCode,
    ).toBe(404);
  });
});
