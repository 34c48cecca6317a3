import { INFOGRAPHIC_FIT_HEADER, type TAdminInfographicTheme } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infographicThemes, templateEntries, throttleCounters } from '../src/db/schema';
import { PREVIEW_THROTTLE } from '../src/modules/infographics/preview-design';
import { startAdminHarness } from './support/admin-harness';
import { type SeededUser, seedUser } from './support/factories';
import type { Harness } from './support/harness';
import { pngSize } from './support/png-size';

let h: Harness;
let admin: SeededUser;
let user: SeededUser;
beforeAll(async () => {
  ({ h, admin, user } = await startAdminHarness());
});
afterAll(() => h.close());

const colors = {
  background: '#112233',
  surface: '#223344',
  text: '#FFFFFF',
  accent: '#FFAA00',
  muted: '#AABBCC',
};
const design = { layout: 'list', size: '1080x1350', colors };
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

const create = async (name = unique('Theme')) => {
  const answer = await h.call('POST', '/api/admin/infographics/themes', {
    token: admin.accessToken,
    body: { name, design },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().theme as TAdminInfographicTheme;
};

describe('infographic themes for users', () => {
  it('lists the offered themes with a preview a signed-in user can fetch as a PNG of the theme size', async () => {
    const theme = await create();
    const list = await h.call('GET', '/api/infographic-themes', { token: user.accessToken });
    expect(list.statusCode).toBe(200);
    const found = list.json().themes.find((entry: { id: number }) => entry.id === theme.id);
    expect(found).toEqual({
      id: theme.id,
      name: theme.name,
      layout: 'list',
      size: '1080x1350',
      version: 1,
      preview_uri: `/api/infographic-themes/${theme.id}/preview?v=1`,
    });
    const preview = await h.call('GET', found.preview_uri, { token: user.accessToken });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(pngSize(preview.rawPayload)).toEqual({ width: 1080, height: 1350 });
    expect(JSON.parse(decodeURIComponent(String(preview.headers[INFOGRAPHIC_FIT_HEADER])))).toMatchObject({
      cut: [],
    });
  });

  it('needs a sign-in; an unknown theme is a 404; a bad id is a 400', async () => {
    expect((await h.call('GET', '/api/infographic-themes')).statusCode).toBe(401);
    const unknown = await h.call('GET', '/api/infographic-themes/999999/preview', {
      token: user.accessToken,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'No such theme' });
    expect(
      (await h.call('GET', '/api/infographic-themes/abc/preview', { token: user.accessToken })).statusCode,
    ).toBe(400);
  });
});

describe('infographic themes management', () => {
  it('answers 403 to a signed-in user on every admin call, and changes nothing', async () => {
    const theme = await create();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/infographics/themes', undefined],
      ['POST', '/api/admin/infographics/themes', { name: unique('Nope'), design }],
      ['PUT', `/api/admin/infographics/themes/${theme.id}`, { name: 'Taken over', version: 1 }],
      ['PUT', `/api/admin/infographics/themes/${theme.id}/retired`, { retired: true }],
      ['POST', '/api/admin/infographics/preview', { design, content: { headline: 'Hi' } }],
    ];
    for (const [method, url, body] of calls) {
      const answer = await h.call(method as 'GET', url, { token: user.accessToken, body });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await h.deps.db.select().from(infographicThemes).where(eq(infographicThemes.id, theme.id));
    expect(row).toMatchObject({ name: theme.name, retiredAt: null });
  });

  it('creates a theme with its three template entries, and refuses a name already used (any case)', async () => {
    const theme = await create();
    expect(theme).toMatchObject({ version: 1, built_in: false, retired: false });
    const entries = await h.deps.db
      .select()
      .from(templateEntries)
      .where(eq(templateEntries.themeId, theme.id));
    expect(entries.map((entry) => entry.promptType).sort()).toEqual(['image', 'selection', 'text_post']);
    const again = await h.call('POST', '/api/admin/infographics/themes', {
      token: admin.accessToken,
      body: { name: theme.name.toUpperCase(), design },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('name_taken');
  });

  it('refuses a bad design with a 400 naming the problem, and saves nothing', async () => {
    const name = unique('Bad');
    const cases = [
      { ...design, layout: 'pie' },
      { ...design, colors: { ...colors, text: 'red' } },
      { ...design, background_opacity: 140 },
      { ...design, body_font: { asset_id: 987654 } },
      { ...design, background_asset_id: 987654 },
    ];
    for (const bad of cases) {
      const answer = await h.call('POST', '/api/admin/infographics/themes', {
        token: admin.accessToken,
        body: { name, design: bad },
      });
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const rows = await h.deps.db.select().from(infographicThemes).where(eq(infographicThemes.name, name));
    expect(rows).toHaveLength(0);
  });

  it('a design edit bumps the version and the preview address; a stale save is refused with 409', async () => {
    const theme = await create();
    const renamed = await h.call('PUT', `/api/admin/infographics/themes/${theme.id}`, {
      token: admin.accessToken,
      body: { name: `${theme.name} renamed`, version: 1 },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().theme.version).toBe(1);
    const edited = await h.call('PUT', `/api/admin/infographics/themes/${theme.id}`, {
      token: admin.accessToken,
      body: { design: { ...design, layout: 'quote' }, version: 1 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Updated',
      theme: { version: 2, preview_uri: `/api/infographic-themes/${theme.id}/preview?v=2` },
    });
    const stale = await h.call('PUT', `/api/admin/infographics/themes/${theme.id}`, {
      token: admin.accessToken,
      body: { design: { ...design, layout: 'cards' }, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'stale_version', current_version: 2 });
    expect(stale.json().message).toMatch(/Someone else saved this theme/);
    const missing = await h.call('PUT', '/api/admin/infographics/themes/999999', {
      token: admin.accessToken,
      body: { name: 'x', version: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a built-in theme keeps its name', async () => {
    const list = await h.call('GET', '/api/admin/infographics/themes', { token: admin.accessToken });
    const builtIn = list.json().themes.find((theme: TAdminInfographicTheme) => theme.built_in);
    const answer = await h.call('PUT', `/api/admin/infographics/themes/${builtIn.id}`, {
      token: admin.accessToken,
      body: { name: 'Mine now', version: builtIn.version },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe('built_in_name');
  });

  it('retires a theme (gone from the users’ list, still listed for admins) and restores it', async () => {
    const theme = await create();
    const retired = await h.call('PUT', `/api/admin/infographics/themes/${theme.id}/retired`, {
      token: admin.accessToken,
      body: { retired: true },
    });
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toMatchObject({ message: 'Theme retired', theme: { retired: true } });
    const offered = (await h.call('GET', '/api/infographic-themes', { token: user.accessToken })).json()
      .themes;
    expect(offered.some((entry: { id: number }) => entry.id === theme.id)).toBe(false);
    const all = (await h.call('GET', '/api/admin/infographics/themes', { token: admin.accessToken })).json()
      .themes;
    expect(all.some((entry: TAdminInfographicTheme) => entry.id === theme.id && entry.retired)).toBe(true);
    const restored = await h.call('PUT', `/api/admin/infographics/themes/${theme.id}/retired`, {
      token: admin.accessToken,
      body: { retired: false },
    });
    expect(restored.json()).toMatchObject({ message: 'Theme restored', theme: { retired: false } });
  });

  it('the last theme offered cannot be retired', async () => {
    const offered = (await h.call('GET', '/api/infographic-themes', { token: user.accessToken })).json()
      .themes as {
      id: number;
    }[];
    const [keep, ...others] = offered;
    if (!keep) throw new Error('no theme offered');
    const retire = (id: number, retired: boolean) =>
      h.call('PUT', `/api/admin/infographics/themes/${id}/retired`, {
        token: admin.accessToken,
        body: { retired },
      });
    for (const theme of others) expect((await retire(theme.id, true)).statusCode).toBe(200);
    const last = await retire(keep.id, true);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ error: 'last_theme' });
    expect(last.json().message).toMatch(/last theme offered/);
    for (const theme of others) expect((await retire(theme.id, false)).statusCode).toBe(200);
    expect((await retire(keep.id, true)).statusCode).toBe(200);
    expect((await retire(keep.id, false)).statusCode).toBe(200);
  });

  it('previews an unsaved design as a PNG with its fit, refuses bad ones, and stores nothing', async () => {
    const answer = await h.call('POST', '/api/admin/infographics/preview', {
      token: admin.accessToken,
      body: {
        design: { ...design, size: '1200x628' },
        content: {
          headline: 'A headline long enough to need more than one line in a landscape picture',
          points: Array.from(
            { length: 6 },
            (_, index) => `Point ${index + 1} with enough words to wrap at least once here`,
          ),
        },
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(pngSize(answer.rawPayload)).toEqual({ width: 1200, height: 628 });
    const fit = JSON.parse(decodeURIComponent(String(answer.headers[INFOGRAPHIC_FIT_HEADER])));
    expect(fit.shrunk).toBe(true);
    expect(fit.notes.length).toBeGreaterThan(0);
    const empty = await h.call('POST', '/api/admin/infographics/preview', {
      token: admin.accessToken,
      body: { design, content: { headline: '' } },
    });
    expect(empty.statusCode).toBe(400);
    const huge = await h.call('POST', '/api/admin/infographics/preview', {
      token: admin.accessToken,
      body: { design, content: { headline: 'x'.repeat(40_000) } },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('previews are limited per admin per minute (429 with Retry-After), others keep theirs', async () => {
    const busy = await seedUser(h, { admin: true });
    const windowMs = PREVIEW_THROTTLE.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(h.deps.clock.now().getTime() / windowMs) * windowMs);
    // This minute's previews used up already (as 120 quick edits would).
    await h.deps.db
      .insert(throttleCounters)
      .values({ key: `${PREVIEW_THROTTLE.name}:${busy.user.id}`, windowStart, hits: PREVIEW_THROTTLE.limit });
    const body = { design, content: { headline: 'One more' } };
    const refused = await h.call('POST', '/api/admin/infographics/preview', {
      token: busy.accessToken,
      body,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await h.call('POST', '/api/admin/infographics/preview', { token: admin.accessToken, body });
    expect(other.statusCode).toBe(200);
  });
});
