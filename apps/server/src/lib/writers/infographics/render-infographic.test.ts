import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  INFOGRAPHIC_LAYOUTS,
  INFOGRAPHIC_SIZES,
  type TInfographicDesignInput,
  ZInfographicDesign,
} from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import { pngSize } from '../../../../test/support/png-size';
import { checkUploadedFont } from './check-font';
import { InfographicAssetMissingError, InfographicFontError } from './errors';
import { fitLayout } from './fit-layout';
import { bundledFamily } from './fonts';
import { listLayout } from './layouts/list';
import { renderInfographic } from './render-infographic';
import { sizeForWords, textWidth as textWidthAt, wrapText } from './wrap-text';

const colors = {
  background: '#0F172A',
  surface: '#1E293B',
  text: '#F8FAFC',
  accent: '#38BDF8',
  muted: '#94A3B8',
};
const content = {
  headline: 'Five habits of teams that publish every week',
  points: ['Plan topics a month ahead', 'Write from real customer questions', 'Reuse each post'],
  stat: '5×',
  footer: 'Example Co · example.com',
};
const require = createRequire(import.meta.url);
const dejavu = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'));

describe('renderInfographic', () => {
  for (const layout of INFOGRAPHIC_LAYOUTS) {
    for (const size of INFOGRAPHIC_SIZES) {
      it(`draws ${layout} at ${size} as a PNG of that size, nothing changed to fit`, async () => {
        const picture = await renderInfographic({ design: { layout, size, colors }, content });
        const [width, height] = size.split('x').map(Number);
        expect(pngSize(picture.png)).toEqual({ width, height });
        expect(picture).toMatchObject({ width, height });
        expect(picture.fit.cut).toEqual([]);
        expect(picture.fit.dropped).toEqual([]);
      });
    }
  }

  it('makes long text smaller first, and says so', async () => {
    const picture = await renderInfographic({
      design: { layout: 'list', colors },
      content: {
        headline: 'A headline long enough to need two lines at the design size of the list',
        points: Array.from(
          { length: 6 },
          (_, index) => `Point ${index + 1} has a sentence that wraps onto a second line here`,
        ),
      },
    });
    expect(picture.fit.shrunk).toBe(true);
    expect(picture.fit.scale).toBeLessThan(1);
    expect(picture.fit.scale).toBeGreaterThanOrEqual(0.6);
    expect(picture.fit.cut).toEqual([]);
    expect(picture.fit.notes.join(' ')).toMatch(/% of the design's size/);
  });

  it('cuts at a word with "…" only when the smallest readable size is not enough, and names what it cut', () => {
    // Contract-sized text fits every size at 60%; a smaller box than any size has shows the last resorts.
    const design = ZInfographicDesign.parse({ layout: 'list', colors });
    const inter = bundledFamily('Inter');
    const long = 'words that go on and on without end '.repeat(4).slice(0, 140).trim();
    const { laid, fit } = fitLayout(listLayout, {
      width: 1080,
      height: 1080,
      unit: 1,
      design,
      content: {
        headline: 'A long headline '.repeat(7).slice(0, 110),
        points: [long, long, long],
        stat: null,
        footer: '',
      },
      heading: inter,
      body: inter,
      inner: { width: 600, height: 420 },
    });
    expect(fit.scale).toBe(0.6);
    expect(laid.used).toBeLessThanOrEqual(420);
    expect(fit.cut.length).toBeGreaterThan(0);
    for (const label of fit.cut) expect(fit.notes.join(' ')).toContain(`${label} was cut short`);
    // Still too tall once every text is down to a line: the last points are left out, and said to be.
    const tiny = fitLayout(listLayout, {
      width: 1080,
      height: 1080,
      unit: 1,
      design,
      content: { headline: 'Short', points: [long, long, long, long], stat: null, footer: '' },
      heading: inter,
      body: inter,
      inner: { width: 600, height: 160 },
    });
    expect(tiny.fit.dropped.length).toBeGreaterThan(0);
    expect(tiny.fit.notes.join(' ')).toContain('was left out');
  });

  it('a word cut for the ellipsis ends at a word boundary', () => {
    const inter = bundledFamily('Inter');
    const wrapped = wrapText(inter.regular, 'alpha beta gamma delta epsilon zeta eta theta', 40, 300, 1);
    expect(wrapped.cut).toBe(true);
    expect(wrapped.lines).toHaveLength(1);
    expect(wrapped.lines[0]).toMatch(/^[a-z ]+[a-z]…$/);
    expect(
      'alpha beta gamma delta epsilon zeta eta theta'.startsWith(wrapped.lines[0]?.slice(0, -1) ?? 'x'),
    ).toBe(true);
  });

  it('a word wider than its box breaks only at its own hyphen, never inside a part', () => {
    const inter = bundledFamily('Inter');
    const text = 'Ledgers that are internationalisation-ready, from day one';
    const wrapped = wrapText(inter.regular, text, 40, 420);
    expect(wrapped.lines).toContain('internationalisation-');
    expect(wrapped.lines.some((line) => line.startsWith('ready,'))).toBe(true);
    // Every line is made of the text's words and hyphen-parts, whole.
    const parts = new Set(text.split(/\s+/).flatMap((word) => word.match(/[^-]+-?/g) ?? []));
    for (const line of wrapped.lines) for (const word of line.split(' ')) expect(parts.has(word)).toBe(true);
  });

  it('a block whose longest word does not fit is drawn smaller before any word is broken', () => {
    const inter = bundledFamily('Inter');
    const word = 'Supercalifragilistic';
    const width = textWidthAt(inter.regular, word, 40) * 0.8;
    const size = sizeForWords(inter.regular, `A ${word} plan`, 40, width, 24);
    expect(size).toBeLessThan(40);
    expect(size).toBeGreaterThanOrEqual(24);
    expect(wrapText(inter.regular, `A ${word} plan`, size, width).lines).toContain(word);
    // A word no readable size can fit (a long address) is still broken, as the last resort.
    expect(sizeForWords(inter.regular, 'https://example.com/a/very/long/address/indeed', 40, 120, 24)).toBe(
      24,
    );
  });

  it('a big-number theme without a figure draws the headline large and says why', async () => {
    const picture = await renderInfographic({
      design: { layout: 'big_number', colors },
      content: { headline: 'No figure here', points: [] },
    });
    expect(picture.fit.notes).toContain('No figure was given, so the headline is drawn large instead.');
  });

  it('draws with an uploaded font passed as bytes, and refuses a design whose font was not passed', async () => {
    const design: TInfographicDesignInput = { layout: 'quote', colors, heading_font: { asset_id: 7 } };
    const picture = await renderInfographic({ design, content, assets: { fonts: new Map([[7, dejavu]]) } });
    expect(pngSize(picture.png)).toEqual({ width: 1080, height: 1080 });
    await expect(renderInfographic({ design, content })).rejects.toBeInstanceOf(InfographicAssetMissingError);
  });

  it('a broken font is refused with a typed error, not a crash', async () => {
    const broken = Buffer.concat([dejavu.subarray(0, 2000), Buffer.alloc(3000)]);
    await expect(
      renderInfographic({
        design: { layout: 'list', colors, body_font: { asset_id: 9 } },
        content,
        assets: { fonts: new Map([[9, broken]]) },
      }),
    ).rejects.toBeInstanceOf(InfographicFontError);
    await expect(checkUploadedFont(Buffer.from('not a font at all'), 'fake.ttf')).rejects.toBeInstanceOf(
      InfographicFontError,
    );
    const woff2 = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff2'));
    await expect(checkUploadedFont(woff2, 'inter.woff2')).rejects.toThrow(/WOFF2/);
  });

  it('reads the family name an uploaded font declares', async () => {
    expect(await checkUploadedFont(dejavu, 'mono.ttf')).toEqual({ family: 'DejaVu Sans Mono' });
  });

  it('draws a background picture under the content', async () => {
    const sharp = (await import('sharp')).default;
    const red = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#FF0000' } })
      .png()
      .toBuffer();
    const picture = await renderInfographic({
      design: { layout: 'quote', colors, background_asset_id: 3, background_opacity: 100 },
      content: { headline: 'Hi' },
      assets: { background: red },
    });
    // The corner pixel is the picture's red, not the design's navy background; the text is drawn over it.
    const centre = await sharp(picture.png).extract({ left: 80, top: 300, width: 920, height: 480 }).stats();
    expect(centre.channels[1]?.max).toBeGreaterThan(200);
    const { data } = await sharp(picture.png)
      .extract({ left: 2, top: 2, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });
});
