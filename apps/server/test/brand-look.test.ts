import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infographicThemes, websites } from '../src/db/schema';
import { readStoredBytes } from '../src/lib/clients/storage';
import { renderThemePicture } from '../src/modules/infographics/render-theme-picture';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

/**
 * The brand's look, end to end: read from a real site over HTTP (theme-color, the colours its stylesheet
 * names, the logo in its header), kept (the logo as a PNG in storage), shown through the API, and drawn by
 * the theme that takes it, while every other theme keeps its own look.
 */

const TEAL = '#0e7c66';
const AMBER = '#f59e0b';
/** Only the logo is drawn in magenta: a picture holding magenta pixels shows the logo. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100" viewBox="0 0 400 100">
  <rect width="400" height="100" rx="12" fill="#ff00ff"/></svg>`;

const home = (logo: string, cssColor: string) => `<!doctype html><html lang="en"><head>
  <title>Harbor Freight Ops</title>
  <meta name="theme-color" content="${TEAL.toUpperCase()}">
  <link rel="stylesheet" href="/site.css?c=${cssColor.slice(1)}">
  </head><body><header><a href="/"><img src="${logo}" alt="Harbor logo"></a></header>
  <main><h1>Dispatch without the spreadsheets</h1>
  <p>Harbor plans routes for regional carriers so dispatchers stop juggling spreadsheets every morning.</p>
  </main></body></html>`;

let site: Server;
let siteUrl: string;
let squarePng: Buffer;
let h: Harness;
let owner: SeededUser;
let stranger: SeededUser;

beforeAll(async () => {
  squarePng = await sharp({
    create: { width: 900, height: 900, channels: 4, background: { r: 255, g: 0, b: 255, alpha: 1 } },
  })
    .png()
    .toBuffer();
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    switch (url.pathname) {
      case '/':
        res.writeHead(200, { 'content-type': 'text/html' }).end(home('/logo.svg', AMBER));
        return;
      case '/relaunch/':
        res.writeHead(200, { 'content-type': 'text/html' }).end(home('/big-logo.png', '#7f1d1d'));
        return;
      case '/broken-logo/':
        res.writeHead(200, { 'content-type': 'text/html' }).end(home('/not-a-picture.png', AMBER));
        return;
      case '/site.css':
        res
          .writeHead(200, { 'content-type': 'text/css' })
          .end(`:root { --brand-accent: #${url.searchParams.get('c')}; --grey: #777777; }`);
        return;
      case '/logo.svg':
        res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(LOGO_SVG);
        return;
      case '/big-logo.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(squarePng);
        return;
      case '/not-a-picture.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end('<html>this is not a PNG</html>');
        return;
      default:
        res.writeHead(404).end();
    }
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  const { port } = site.address() as AddressInfo;
  siteUrl = `http://127.0.0.1:${port}`;
  h = await startHarness({ env: { SAFE_FETCH_ALLOWLIST: `127.0.0.1:${port}` } });
  owner = await seedUser(h, { websiteCheck: true });
  stranger = await seedUser(h, { websiteCheck: true });
});

afterAll(async () => {
  await h?.close();
  site?.closeAllConnections();
  site?.close();
});

const addSite = async (user: SeededUser, path: string) => {
  const answer = await h.call('POST', '/api/add_website', {
    token: user.accessToken,
    body: { website_url: `${siteUrl}${path}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
};

const lookOf = async (user: SeededUser) => {
  const [row] = await h.deps.db.select().from(websites).where(eq(websites.userId, user.user.id));
  return row?.look;
};

const themeNamed = async (name: string) => {
  const [theme] = await h.deps.db.select().from(infographicThemes).where(eq(infographicThemes.name, name));
  if (!theme) throw new Error(`no theme ${name}`);
  return theme;
};

/** How many pixels of a PNG are within a few levels of a colour. */
const pixelsOf = async (png: Buffer, hex: string): Promise<number> => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (
      Math.abs((data[i] ?? 0) - (r ?? 0)) <= 6 &&
      Math.abs((data[i + 1] ?? 0) - (g ?? 0)) <= 6 &&
      Math.abs((data[i + 2] ?? 0) - (b ?? 0)) <= 6
    )
      count++;
  }
  return count;
};

const CONTENT = {
  headline: 'Dispatch without the spreadsheets',
  points: ['Routes planned before the drivers arrive', 'Changes reach every driver at once'],
  footer: 'Harbor · harbor.example',
};

const drawFor = async (themeName: string, user: SeededUser | null) => {
  const theme = await themeNamed(themeName);
  const picture = await renderThemePicture(h.deps, {
    themeId: theme.id,
    content: CONTENT,
    ...(user ? { forUser: user.user.id } : {}),
  });
  const png = await readStoredBytes(h.deps.storage, picture.storageKey);
  if (!png) throw new Error('the picture was not stored');
  return { ...picture, png };
};

describe('the brand look read from the site', () => {
  it('keeps the colours the site declares and its header logo as a PNG, and serves the logo to its owner only', async () => {
    await addSite(owner, '/');
    const look = await lookOf(owner);
    // theme-color first, then the colour the stylesheet names for the brand; greys left out.
    expect(look?.colors).toEqual([TEAL, AMBER]);
    expect(look?.logo).toMatchObject({ width: 512, height: 128 });

    const profile = await h.call('GET', '/api/brand_profile', { token: owner.accessToken });
    expect(profile.json().look).toEqual({ colors: [TEAL, AMBER], has_logo: true });

    const logo = await h.call('GET', '/api/brand-profile/logo', { token: owner.accessToken });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: 'png', width: 512, height: 128 });
    expect(await pixelsOf(logo.rawPayload, '#ff00ff')).toBeGreaterThan(40_000);

    // Another account has no site yet: its own logo is missing, never this one.
    const other = await h.call('GET', '/api/brand-profile/logo', { token: stranger.accessToken });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No logo was found on your website');
    expect((await h.call('GET', '/api/brand-profile/logo')).statusCode).toBe(401);
  });

  it('reading the site again replaces the look and deletes the old logo file', async () => {
    const user = await seedUser(h, { websiteCheck: true });
    await addSite(user, '/');
    const first = await lookOf(user);
    await addSite(user, '/relaunch/');
    const second = await lookOf(user);
    expect(second?.colors).toEqual([TEAL, '#7f1d1d']);
    // A 900-pixel square logo is kept at 512 pixels.
    expect(second?.logo).toMatchObject({ width: 512, height: 512 });
    expect(second?.logo?.storageKey).not.toBe(first?.logo?.storageKey);
    expect(await h.deps.storage.exists(second?.logo?.storageKey ?? '')).toBe(true);
    expect(await h.deps.storage.exists(first?.logo?.storageKey ?? '')).toBe(false);
  });

  it('a logo that is not a picture leaves the brand without one and the site is still read', async () => {
    const user = await seedUser(h, { websiteCheck: true });
    await addSite(user, '/broken-logo/');
    expect(await lookOf(user)).toEqual({ colors: [TEAL, AMBER], logo: null });
    const profile = await h.call('GET', '/api/brand_profile', { token: user.accessToken });
    expect(profile.json().look).toEqual({ colors: [TEAL, AMBER], has_logo: false });
    expect((await h.call('GET', '/api/brand-profile/logo', { token: user.accessToken })).statusCode).toBe(
      404,
    );
  });
});

describe('pictures in the brand look', () => {
  it('the Your Brand theme draws each user in their colours with their logo, others in its own', async () => {
    const branded = await drawFor('Your Brand', owner);
    const plain = await drawFor('Your Brand', stranger);
    expect(branded.branded).toBe(true);
    expect(plain.branded).toBe(false);
    expect(branded.cacheKey).not.toBe(plain.cacheKey);
    // The brand's teal reads on white, so it is the accent (the cards' bars); the theme's blue is gone.
    expect(await pixelsOf(branded.png, TEAL)).toBeGreaterThan(1_000);
    expect(await pixelsOf(branded.png, '#2563eb')).toBe(0);
    expect(await pixelsOf(branded.png, '#ff00ff')).toBeGreaterThan(2_000);
    // Without a look: the theme's own accent, no logo.
    expect(await pixelsOf(plain.png, '#2563eb')).toBeGreaterThan(1_000);
    expect(await pixelsOf(plain.png, TEAL)).toBe(0);
    expect(await pixelsOf(plain.png, '#ff00ff')).toBe(0);

    // Drawn once per look: the same user again is read from the cache.
    const again = await drawFor('Your Brand', owner);
    expect(again).toMatchObject({ cacheKey: branded.cacheKey, cached: true });
  });

  it('a theme that does not take the brand look draws the same picture for every user', async () => {
    const mine = await drawFor('Midnight Cards', owner);
    const theirs = await drawFor('Midnight Cards', stranger);
    expect(mine.branded).toBe(false);
    expect(mine.cacheKey).toBe(theirs.cacheKey);
    expect(await pixelsOf(mine.png, '#ff00ff')).toBe(0);
  });

  it('the preview offered to users follows their look, and is not kept by the browser', async () => {
    const theme = await themeNamed('Your Brand');
    const path = `/api/infographic-themes/${theme.id}/preview`;
    const mine = await h.call('GET', path, { token: owner.accessToken });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(await pixelsOf(mine.rawPayload, TEAL)).toBeGreaterThan(500);
    const theirs = await h.call('GET', path, { token: stranger.accessToken });
    expect(theirs.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect(await pixelsOf(theirs.rawPayload, TEAL)).toBe(0);
  });

  it("the admin's live preview of a brand-look design shows a sample colour when the admin has no site", async () => {
    const admin = await seedUser(h, { admin: true, websiteCheck: true });
    const theme = await themeNamed('Your Brand');
    const answer = await h.call('POST', '/api/admin/infographics/preview', {
      token: admin.accessToken,
      body: { design: theme.design, content: CONTENT },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await pixelsOf(answer.rawPayload, '#7c3aed')).toBeGreaterThan(1_000);
    const off = await h.call('POST', '/api/admin/infographics/preview', {
      token: admin.accessToken,
      body: { design: { ...theme.design, use_brand_look: false }, content: CONTENT },
    });
    expect(await pixelsOf(off.rawPayload, '#7c3aed')).toBe(0);
    expect(await pixelsOf(off.rawPayload, '#2563eb')).toBeGreaterThan(1_000);
  });
});
