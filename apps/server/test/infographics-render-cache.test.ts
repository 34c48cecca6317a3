import { TEMPLATE_PROMPT_TYPES } from '@sales-assist/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infographicThemes, renderedImages, templateEntries } from '../src/db/schema';
import { BUILT_IN_THEMES } from '../src/modules/infographics/built-in-themes';
import { readRenderedPicture } from '../src/modules/infographics/read-rendered-picture';
import { renderThemePicture } from '../src/modules/infographics/render-theme-picture';
import { seedBuiltInThemes } from '../src/modules/infographics/seed-built-in-themes';
import { type Harness, startHarness } from './support/harness';
import { pngSize } from './support/png-size';
import { seedTheme } from './support/template-factories';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ engine: false });
});
afterAll(() => h.close());

const builtIns = () =>
  h.deps.db
    .select()
    .from(infographicThemes)
    .where(
      inArray(
        infographicThemes.name,
        BUILT_IN_THEMES.map((theme) => theme.name),
      ),
    );

const readAll = async (key: string) => {
  const file = await readRenderedPicture(h.deps, key);
  if (!file) throw new Error(`no file at ${key}`);
  return Buffer.concat(await file.body.toArray());
};

describe('built-in themes', () => {
  it('the start seeded one theme per layout and one in the brand look, each with its three template entries on the current prompts', async () => {
    const themes = await builtIns();
    expect(themes.map((theme) => theme.design.layout).sort()).toEqual([
      'big_number',
      'cards',
      'cards',
      'list',
      'quote',
    ]);
    expect(themes.filter((theme) => theme.design.use_brand_look).map((theme) => theme.name)).toEqual([
      'Your Brand',
    ]);
    for (const theme of themes) {
      expect(theme.builtIn).toBe(true);
      const entries = await h.deps.db
        .select()
        .from(templateEntries)
        .where(eq(templateEntries.themeId, theme.id));
      expect(entries.map((entry) => entry.promptType).sort()).toEqual([...TEMPLATE_PROMPT_TYPES].sort());
      expect(entries.every((entry) => entry.promptId === null)).toBe(true);
    }
    expect(new Set(themes.map((theme) => theme.design.colors.background)).size).toBe(5);
  });

  it('seeding again, even four at once, adds nothing and keeps an admin’s edit', async () => {
    const [first] = await builtIns();
    if (!first) throw new Error('no built-in theme');
    await h.deps.db
      .update(infographicThemes)
      .set({ design: { ...first.design, show_footer: false }, version: first.version + 1 })
      .where(eq(infographicThemes.id, first.id));
    const added = await Promise.all(Array.from({ length: 4 }, () => seedBuiltInThemes(h.deps.db)));
    expect(added).toEqual([0, 0, 0, 0]);
    const after = await builtIns();
    expect(after).toHaveLength(BUILT_IN_THEMES.length);
    expect(after.find((theme) => theme.id === first.id)?.design.show_footer).toBe(false);
    const entries = await h.deps.db
      .select()
      .from(templateEntries)
      .where(
        inArray(
          templateEntries.themeId,
          after.map((theme) => theme.id),
        ),
      );
    expect(entries).toHaveLength(BUILT_IN_THEMES.length * 3);
  });
});

describe('renderThemePicture', () => {
  const content = { headline: 'Cache me once', points: ['First point', 'Second point'], footer: 'Example' };

  it('draws once, then answers the same picture from the cache', async () => {
    const theme = await seedTheme(h.deps.db);
    const first = await renderThemePicture(h.deps, { themeId: theme.id, content });
    expect(first).toMatchObject({ cached: false, mime: 'image/png', width: 1080, height: 1080 });
    expect(first.cacheKey).toMatch(/^[0-9a-f]{64}$/);
    expect(pngSize(await readAll(first.storageKey))).toEqual({ width: 1080, height: 1080 });
    const second = await renderThemePicture(h.deps, { themeId: theme.id, content });
    expect(second).toEqual({ ...first, cached: true });
  });

  it('a design edit (new version) or other content gives a new picture', async () => {
    const theme = await seedTheme(h.deps.db);
    const before = await renderThemePicture(h.deps, { themeId: theme.id, content });
    const other = await renderThemePicture(h.deps, {
      themeId: theme.id,
      content: { ...content, headline: 'Other' },
    });
    expect(other.cacheKey).not.toBe(before.cacheKey);
    const [row] = await h.deps.db.select().from(infographicThemes).where(eq(infographicThemes.id, theme.id));
    if (!row) throw new Error('theme gone');
    await h.deps.db
      .update(infographicThemes)
      .set({ design: { ...row.design, size: '1080x1350' }, version: row.version + 1 })
      .where(eq(infographicThemes.id, theme.id));
    const after = await renderThemePicture(h.deps, { themeId: theme.id, content });
    expect(after).toMatchObject({ cached: false, width: 1080, height: 1350 });
    expect(after.cacheKey).not.toBe(before.cacheKey);
    expect(after.storageKey).not.toBe(before.storageKey);
  });

  it('the fit travels with the cached picture', async () => {
    const theme = await seedTheme(h.deps.db);
    const crowded = {
      headline: 'A headline long enough to need two lines at the design size here',
      points: Array.from(
        { length: 6 },
        (_, index) =>
          `Point ${index + 1} is a sentence long enough to wrap onto several lines of its card, however wide the card may be drawn`,
      ),
    };
    const first = await renderThemePicture(h.deps, { themeId: theme.id, content: crowded });
    expect(first.fit.shrunk).toBe(true);
    const again = await renderThemePicture(h.deps, { themeId: theme.id, content: crowded });
    expect(again.cached).toBe(true);
    expect(again.fit).toEqual(first.fit);
  });

  it('a cached picture whose file was lost is drawn again under the same key when asked to check', async () => {
    const theme = await seedTheme(h.deps.db);
    const first = await renderThemePicture(h.deps, { themeId: theme.id, content });
    await h.deps.storage.delete(first.storageKey);
    const unchecked = await renderThemePicture(h.deps, { themeId: theme.id, content });
    expect(unchecked.cached).toBe(true);
    const checked = await renderThemePicture(h.deps, { themeId: theme.id, content, ensureStored: true });
    expect(checked).toMatchObject({ cached: false, storageKey: first.storageKey, cacheKey: first.cacheKey });
    expect(pngSize(await readAll(first.storageKey))).toEqual({ width: 1080, height: 1080 });
  });

  it('identical renders at the same time all succeed with one row and one file', async () => {
    const theme = await seedTheme(h.deps.db);
    const same = { headline: 'All at once', points: ['One'] };
    const pictures = await Promise.all(
      Array.from({ length: 5 }, () => renderThemePicture(h.deps, { themeId: theme.id, content: same })),
    );
    expect(new Set(pictures.map((picture) => picture.storageKey)).size).toBe(1);
    const rows = await h.deps.db
      .select()
      .from(renderedImages)
      .where(eq(renderedImages.cacheKey, pictures[0]?.cacheKey ?? ''));
    expect(rows).toHaveLength(1);
    expect(pngSize(await readAll(rows[0]?.storageKey ?? ''))).toEqual({ width: 1080, height: 1080 });
  });

  it('an unknown theme is a 404 error; a key that is not a rendered picture reads as nothing', async () => {
    await expect(renderThemePicture(h.deps, { themeId: 2_000_000_000, content })).rejects.toMatchObject({
      status: 404,
    });
    expect(await readRenderedPicture(h.deps, 'inputs/abc/def.png')).toBeNull();
  });
});
