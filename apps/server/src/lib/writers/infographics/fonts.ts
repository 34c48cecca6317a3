import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BUNDLED_FONT_FAMILIES } from '@sales-assist/contract';
import opentype, { type Font as OpentypeFont } from 'opentype.js';
import { InfographicFontError } from './errors';

type BundledFamily = (typeof BUNDLED_FONT_FAMILIES)[number];

/** One face the renderer draws with: the bytes satori embeds and the metrics text is measured with. */
export type LoadedFace = {
  /** The family name satori knows it by (bundled name, or "asset-<id>" for an uploaded font). */
  name: string;
  weight: 400 | 700;
  data: Buffer;
  metrics: OpentypeFont;
};

/** Regular and bold of one family (an uploaded font is one file, used for both). */
export type LoadedFamily = { name: string; regular: LoadedFace; bold: LoadedFace };

const require = createRequire(import.meta.url);

/** Package files, resolved through the packages (never a path into another checkout or the system's fonts). */
const BUNDLED_FILES: Record<BundledFamily, { regular: string; bold: string }> = {
  Inter: {
    regular: '@fontsource/inter/files/inter-latin-400-normal.woff',
    bold: '@fontsource/inter/files/inter-latin-700-normal.woff',
  },
  'DejaVu Sans': {
    regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
    bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  },
  'DejaVu Serif': {
    regular: 'dejavu-fonts-ttf/ttf/DejaVuSerif.ttf',
    bold: 'dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf',
  },
};

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** WOFF2 is compressed with Brotli, which neither satori nor the metrics reader can open. */
const isWoff2 = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x77 && bytes[1] === 0x4f && bytes[2] === 0x46 && bytes[3] === 0x32;

/** Parses a font's metrics; anything unreadable becomes an InfographicFontError naming the font. */
export const parseFontMetrics = (bytes: Uint8Array, fontName: string): OpentypeFont => {
  if (isWoff2(bytes))
    throw new InfographicFontError(fontName, 'WOFF2 fonts are not supported; upload TTF, OTF or WOFF');
  let font: OpentypeFont;
  try {
    font = opentype.parse(toArrayBuffer(bytes));
  } catch (error) {
    throw new InfographicFontError(fontName, error instanceof Error ? error.message : 'not a font file');
  }
  if (!font.supported || font.glyphs.length < 2 || !font.unitsPerEm)
    throw new InfographicFontError(fontName, 'it has no usable glyphs');
  // A font whose letters have no outline or width draws nothing: refuse it rather than render blanks.
  if (font.getAdvanceWidth('Aa', 100) <= 0)
    throw new InfographicFontError(fontName, 'its letters have no width');
  return font;
};

/** The family name a font declares (preferred family, else family), for the admin's font list. */
export const fontFamilyName = (font: OpentypeFont): string | null => {
  const names = font.names;
  const pick = (record: Record<string, string> | undefined) => record?.en ?? Object.values(record ?? {})[0];
  const name = pick(names.preferredFamily) ?? pick(names.fontFamily);
  return name?.trim() ? name.trim() : null;
};

const loadFace = (name: string, weight: 400 | 700, data: Buffer): LoadedFace => ({
  name,
  weight,
  data,
  metrics: parseFontMetrics(data, name),
});

let bundled: Map<BundledFamily, LoadedFamily> | null = null;

/** The bundled families, read from their packages once per process. */
export const bundledFamily = (family: BundledFamily): LoadedFamily => {
  if (!bundled) {
    const loaded = new Map<BundledFamily, LoadedFamily>();
    for (const name of BUNDLED_FONT_FAMILIES) {
      const files = BUNDLED_FILES[name];
      const read = (specifier: string) => {
        try {
          return readFileSync(require.resolve(specifier));
        } catch (error) {
          throw new InfographicFontError(name, `bundled file ${specifier} is missing (${String(error)})`);
        }
      };
      loaded.set(name, {
        name,
        regular: loadFace(name, 400, read(files.regular)),
        bold: loadFace(name, 700, read(files.bold)),
      });
    }
    bundled = loaded;
  }
  const found = bundled.get(family);
  if (!found) throw new InfographicFontError(family, 'not a bundled font');
  return found;
};

/** Uploaded fonts by the SHA-256 of their bytes: parsed once however often a theme is drawn. */
const uploaded = new Map<string, LoadedFamily>();
const UPLOADED_CACHE_SIZE = 32;

/** An uploaded font (one file, drawn for both weights), named by its asset id. */
export const uploadedFamily = (assetId: number, bytes: Buffer): LoadedFamily => {
  const sha = createHash('sha256').update(bytes).digest('hex');
  const hit = uploaded.get(sha);
  const name = `asset-${assetId}`;
  if (hit && hit.name === name) return hit;
  const metrics = parseFontMetrics(bytes, `uploaded font ${assetId}`);
  const family: LoadedFamily = {
    name,
    regular: { name, weight: 400, data: bytes, metrics },
    bold: { name, weight: 700, data: bytes, metrics },
  };
  if (uploaded.size >= UPLOADED_CACHE_SIZE) {
    const oldest = uploaded.keys().next().value;
    if (oldest) uploaded.delete(oldest);
  }
  uploaded.set(sha, family);
  return family;
};

/** The face drawn for characters the chosen fonts lack (DejaVu covers far more scripts than Inter). */
export const fallbackFamily = (): LoadedFamily => bundledFamily('DejaVu Sans');
