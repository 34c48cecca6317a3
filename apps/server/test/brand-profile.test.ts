import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../src/db/schema';
import type { SafeFetch } from '../src/lib/security/safe-fetch';
import { loadBrandProfile, loadBrandProfileState } from '../src/modules/website/brand-profile';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures/website', name), 'utf8');
const LANDING = fixture('brightpipe-landing.html');
/** The same site after a relaunch: a new description, so the offer read from it changes. */
const RELAUNCHED = LANDING.replace(
  /<meta name="description" content="[^"]*">/,
  '<meta name="description" content="Brightpipe builds the outbound sales platform for revenue teams at fast-growing companies.">',
);
let relaunched = false;

const pages: Record<string, () => string> = {
  'https://www.brightpipe.example/': () => (relaunched ? RELAUNCHED : LANDING),
  'https://werkbank.example/': () => fixture('handwerk-de.html'),
};
const fakeFetch: SafeFetch = async (url) => {
  const page = pages[url];
  if (!page) throw new Error(`unexpected fetch of ${url}`);
  return { finalUrl: url, status: 200, contentType: 'text/html; charset=utf-8', body: page() };
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { safeFetch: fakeFetch } });
});
afterAll(async () => {
  await h?.close();
});

const getProfile = (user: SeededUser | null) =>
  h.call('GET', '/api/brand_profile', { token: user?.accessToken });
const putProfile = (user: SeededUser | null, body: unknown) =>
  h.call('PUT', '/api/brand_profile', { token: user?.accessToken, body });
const addSite = async (user: SeededUser, url = 'https://www.brightpipe.example/') => {
  const response = await h.call('POST', '/api/add_website', {
    token: user.accessToken,
    body: { website_url: url },
  });
  expect(response.statusCode).toBe(200);
};

describe('GET /api/brand_profile', () => {
  it('answers the profile read from the website, with a summary and the readable text stored', async () => {
    const user = await seedUser(h, { websiteCheck: true });
    await addSite(user);
    const response = await getProfile(user);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      has_website: true,
      website_url: 'https://www.brightpipe.example/',
      company: 'Brightpipe',
      offer: expect.stringMatching(/^Brightpipe is the sales engagement platform/),
      audience: expect.stringMatching(/^B2B sales teams/),
      tone: 'Professional, Formal',
      edited_at: null,
      edited_fields: [],
    });
    expect(body.key_phrases).toContain('sales engagement platform');
    expect(body.website_summary).toMatch(
      /^Brightpipe is the sales engagement platform that helps B2B sales teams/,
    );
    expect(body.website_summary.length).toBeLessThanOrEqual(600);
    expect(Date.parse(body.scanned_at)).not.toBeNaN();

    const [row] = await h.deps.db.select().from(websites).where(eq(websites.userId, user.user.id));
    expect(row?.readableText?.length).toBeGreaterThan(3000);
    expect(row?.readableText?.length).toBeLessThanOrEqual(20_000);
    expect(row?.readableText).not.toMatch(/<[a-z]/i);

    // What the content writers read is the same profile.
    const brand = await loadBrandProfile(h.deps.db, user.user.id);
    expect(brand).toEqual({
      company: 'Brightpipe',
      websiteUrl: 'https://www.brightpipe.example/',
      websiteSummary: body.website_summary,
      offer: body.offer,
      audience: body.audience,
      tone: body.tone,
      keyPhrases: body.key_phrases,
      // The offline writer quotes the site's whole sentences, read from the stored readable text.
      siteSentences: expect.arrayContaining([expect.stringMatching(/^Brightpipe /)]),
    });
  });

  it('without a website: the company name and empty fields, has_website false', async () => {
    const user = await seedUser(h, { websiteCheck: false });
    expect((await h.call('POST', '/api/skip_website', { token: user.accessToken })).statusCode).toBe(200);
    const response = await getProfile(user);
    expect(response.json()).toEqual({
      has_website: false,
      website_url: null,
      company: 'Company Name',
      offer: '',
      audience: '',
      tone: '',
      key_phrases: [],
      website_summary: '',
      scanned_at: null,
      edited_at: null,
      edited_fields: [],
      look: { colors: [], has_logo: false },
    });
    const state = await loadBrandProfileState(h.deps.db, user.user.id);
    expect(state.hasWebsite).toBe(false);
    expect(state.profile.company).toBe('Company Name');

    const edit = await putProfile(user, { offer: 'Robots' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe('no_website');
  });

  it('needs a signed-in caller', async () => {
    expect((await getProfile(null)).statusCode).toBe(401);
    expect((await putProfile(null, { offer: 'x' })).statusCode).toBe(401);
  });
});

describe('PUT /api/brand_profile', () => {
  it('saves the edits, marks only the fields that changed, and answers the saved profile', async () => {
    const user = await seedUser(h, { websiteCheck: true });
    await addSite(user);
    const before = (await getProfile(user)).json();
    const response = await putProfile(user, {
      company: '  Brightpipe Inc.  ',
      audience: 'Heads of sales at Series A–C SaaS companies',
      tone: before.tone,
      key_phrases: ['outbound sales', 'Outbound Sales', 'sales sequences'],
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({
      company: 'Brightpipe Inc.',
      audience: 'Heads of sales at Series A–C SaaS companies',
      offer: before.offer,
      tone: before.tone,
      key_phrases: ['outbound sales', 'sales sequences'],
    });
    // The tone was sent unchanged: not an edit.
    expect([...saved.edited_fields].sort()).toEqual(['audience', 'company', 'key_phrases']);
    expect(Date.parse(saved.edited_at)).not.toBeNaN();
    expect((await getProfile(user)).json()).toEqual(saved);
  });

  it('a rescan of the same site refreshes the rest but keeps the edited fields', async () => {
    const user = await seedUser(h, { websiteCheck: true });
    await addSite(user);
    await putProfile(user, { audience: 'Heads of sales', key_phrases: ['pipeline'] });
    relaunched = true;
    try {
      await addSite(user);
    } finally {
      relaunched = false;
    }
    const after = (await getProfile(user)).json();
    expect(after.offer).toBe(
      'Brightpipe builds the outbound sales platform for revenue teams at fast-growing companies.',
    );
    expect(after.audience).toBe('Heads of sales');
    expect(after.key_phrases).toEqual(['pipeline']);
    expect([...after.edited_fields].sort()).toEqual(['audience', 'key_phrases']);
    expect(after.website_summary).toMatch(/^Brightpipe builds the outbound sales platform/);
  });

  it('adding a different site starts afresh: edits made for the old one are dropped', async () => {
    const user = await seedUser(h, { websiteCheck: true });
    await addSite(user);
    await putProfile(user, { audience: 'Heads of sales' });
    await addSite(user, 'https://werkbank.example/');
    const after = (await getProfile(user)).json();
    expect(after).toMatchObject({
      company: 'Werkbank',
      audience: 'Handwerksbetriebe',
      edited_fields: [],
      edited_at: null,
    });
  });

  it('changes only the caller’s own profile', async () => {
    const owner = await seedUser(h, { websiteCheck: true });
    const other = await seedUser(h, { websiteCheck: true });
    await addSite(owner);
    await addSite(other);
    await putProfile(other, { offer: 'Something else entirely' });
    expect((await getProfile(owner)).json().offer).toMatch(/^Brightpipe is the sales engagement platform/);
    expect((await getProfile(other)).json().offer).toBe('Something else entirely');
    // There is no id to point at someone else's profile: unknown fields are refused.
    const sneaky = await putProfile(other, { user_id: owner.user.id, offer: 'x' });
    expect(sneaky.statusCode).toBe(400);
    expect((await getProfile(owner)).json().edited_fields).toEqual([]);
  });

  it.each([
    [{}, 'Send at least one field to change'],
    [{ company: '   ' }, 'Company is required'],
    [{ offer: 'x'.repeat(601) }, 'Offer can have at most 600 characters'],
    [{ audience: 'y'.repeat(401) }, 'Audience can have at most 400 characters'],
    [{ tone: 't'.repeat(61) }, 'Tone of voice can have at most 60 characters'],
    [{ key_phrases: Array.from({ length: 16 }, (_, i) => `phrase ${i}`) }, 'At most 15 key phrases'],
    [{ key_phrases: [''] }, 'A key phrase cannot be empty'],
    [{ key_phrases: ['z'.repeat(81)] }, 'A key phrase can have at most 80 characters'],
    [{ offer: 'We sell <script>alert(1)</script> robots' }, 'Use plain text, without HTML tags'],
    [{ key_phrases: 'robots' }, 'key_phrases must be a array'],
    [{ offer: 42 }, 'offer must be a string'],
  ])('refuses %j with a clear 400 and changes nothing', async (body, message) => {
    const user = await seedUser(h, { websiteCheck: true });
    await addSite(user);
    const before = (await getProfile(user)).json();
    const response = await putProfile(user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
    expect((await getProfile(user)).json()).toEqual(before);
  });

  it('takes invisible control characters out of what it stores', async () => {
    const user = await seedUser(h, { websiteCheck: true });
    await addSite(user);
    const saved = (await putProfile(user, { offer: 'Robots\u202E for\u200B warehouses\u0007' })).json();
    expect(saved.offer).toBe('Robots for warehouses');
    const invisible = await putProfile(user, { company: '\u200B\u200E', key_phrases: ['\u200B', 'robots'] });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json()).toEqual({ error: 'validation_error', message: 'Company is required' });
    const phrases = (await putProfile(user, { key_phrases: ['\u200B', 'robots'] })).json();
    expect(phrases.key_phrases).toEqual(['robots']);
  });
});
