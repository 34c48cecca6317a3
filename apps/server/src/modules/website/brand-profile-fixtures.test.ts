import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { summariseWebsite } from './brand-profile';
import { extractSiteProfile, PROFILE_LIMITS } from './extract-site-profile';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/website', name), 'utf8');

describe('the brand profile read from real-looking pages', () => {
  it('a SaaS landing page (60 KB): offer, audience, tone, key phrases, readable text without menus or scripts', () => {
    const html = fixture('brightpipe-landing.html');
    expect(html.length).toBeGreaterThan(55_000);
    const profile = extractSiteProfile(html, 'https://www.brightpipe.example/');
    expect(profile.company).toBe('Brightpipe');
    expect(profile.offer).toBe(
      'Brightpipe is the sales engagement platform that helps B2B sales teams book more meetings with multichannel sequences, a power dialer and reply detection.',
    );
    expect(profile.audience).toMatch(/^B2B sales teams, sales leaders/);
    expect(profile.tone).toBe('Professional, Formal');
    expect(profile.keyPhrases).toEqual(
      expect.arrayContaining(['sales engagement platform', 'power dialer', 'reply detection']),
    );
    expect(profile.keyPhrases.length).toBeLessThanOrEqual(10);
    for (const phrase of profile.keyPhrases) expect(phrase.split(' ').length).toBeGreaterThanOrEqual(2);
    expect(profile.language).toBe('eng');
    const text = profile.readableText;
    expect(text).toContain('Brightpipe reads every reply and sorts it');
    expect(text).toContain('How long does setup take?');
    // Menus, the cookie banner, the footer, the newsletter form, scripts and styles are not text.
    for (const furniture of [
      'Skip to content',
      'We use cookies',
      'Terms of service',
      'Get the sales engagement newsletter',
      'gtm.js',
      '__INITIAL_STATE__',
      'Variant headline',
      'display:',
    ]) {
      expect(text).not.toContain(furniture);
    }
    expect(text).not.toMatch(/<[a-z]/i);
    // Kept headings and keywords as before.
    expect(profile.headings[0]).toBe('Book more meetings. Without more tabs.');
    expect(profile.keywords).toContain('power dialer');
  });

  it('a blog post: Readability keeps the article, not the sidebar or the comments', () => {
    const profile = extractSiteProfile(
      fixture('field-notes-blog.html'),
      'https://hollowoak.example/blog/espresso',
    );
    expect(profile.company).toBe('Hollow Oak Coffee Roasters');
    expect(profile.readableText).toContain('Every spring we rebuild our seasonal espresso from scratch.');
    expect(profile.readableText).toContain('our office coffee subscription sends freshly roasted beans');
    expect(profile.readableText).not.toContain('Love the transparency');
    expect(profile.readableText).not.toContain('Dialling in a new grinder');
    expect(profile.readableText).not.toContain('Cart (0)');
    expect(profile.offer).toMatch(/small-batch roastery supplying specialty coffee beans/);
    expect(profile.audience).toBe('Independent cafés');
    expect(profile.keyPhrases[0]).toBe('seasonal espresso');
    expect(profile.keyPhrases).toContain('cupping table');
  });

  it('a page with little text: what there is, and no invented tone', () => {
    const profile = extractSiteProfile(fixture('coming-soon.html'), 'https://lumen.example/');
    expect(profile).toMatchObject({
      company: 'Lumen Labs',
      description: null,
      offer: 'Something bright is coming.',
      audience: '',
      tone: '',
      readableText: 'Something bright is coming.\nLaunching spring 2027.',
    });
    expect(profile.keyPhrases.length).toBeLessThanOrEqual(2);
  });

  it('a German page: German stopwords, German audience words', () => {
    const profile = extractSiteProfile(fixture('handwerk-de.html'), 'https://werkbank.example/');
    expect(profile.language).toBe('deu');
    expect(profile.company).toBe('Werkbank');
    expect(profile.offer).toMatch(
      /^Werkbank ist die Handwerkersoftware für kleine und mittlere Handwerksbetriebe/,
    );
    expect(profile.audience).toBe('Handwerksbetriebe');
    expect(profile.readableText).toContain('Die Plantafel zeigt, wer wann auf welcher Baustelle ist.');
    expect(profile.readableText).not.toContain('Impressum');
    // No German function word starts or ends a key phrase.
    for (const phrase of profile.keyPhrases) {
      expect(phrase).not.toMatch(/^(die|der|und|mit|für|in|auf)\s|\s(die|der|und|mit|für|in|auf)$/i);
    }
    expect(profile.keyPhrases).toContain('mittlere Handwerksbetriebe');
  });

  it('detects the language from the text when the page declares the wrong one', () => {
    const german = fixture('handwerk-de.html').replace('<html lang="de">', '<html lang="en">');
    expect(extractSiteProfile(german, 'https://werkbank.example/').language).toBe('deu');
  });

  it('keeps readable text plain and at most 20,000 characters, on a paragraph boundary', () => {
    const paragraph = (i: number) =>
      `<p>Paragraph ${i} tells &lt;b&gt;customers&lt;/b&gt; about robots\u200B for warehouses.</p>`;
    const html = `<html><body><main>${Array.from({ length: 2000 }, (_, i) => paragraph(i)).join('')}</main></body></html>`;
    const { readableText } = extractSiteProfile(html, 'https://a.example/');
    expect(readableText.length).toBeLessThanOrEqual(PROFILE_LIMITS.readableTextChars);
    expect(readableText.length).toBeGreaterThan(19_000);
    expect(readableText.split('\n').at(-1)).toMatch(
      /^Paragraph \d+ tells <b>customers<\/b> about robots for warehouses\.$/,
    );
    // Text that looks like markup stays text (the DOM decoded it); invisible characters are gone.
    expect(readableText).not.toContain('\u200B');
  });

  it('reads a page nested 20,000 elements deep at once (Readability is left out there)', () => {
    const html = `<html><body>${'<div>'.repeat(20_000)}<p>Deep text for teams</p>${'</div>'.repeat(20_000)}</body></html>`;
    const started = performance.now();
    expect(extractSiteProfile(html, 'https://a.example/').readableText).toBe('Deep text for teams');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('summarises the website from the description and the first telling sentences', () => {
    expect(
      summariseWebsite({
        description: 'Acme builds picking robots.',
        readableText:
          'Book a demo today and see everything.\nShort line\nOur robots work next to your team from day one. They learn every new product overnight. A third sentence that is long enough here. A fourth one that is not used.',
        headings: [],
      }),
    ).toBe(
      'Acme builds picking robots. Our robots work next to your team from day one. They learn every new product overnight.',
    );
    expect(
      summariseWebsite({ description: null, readableText: '', headings: ['Pick faster', 'Why Acme?'] }),
    ).toBe('Pick faster. Why Acme?');
    expect(
      summariseWebsite({ description: 'x '.repeat(500), readableText: null, headings: [] }).length,
    ).toBeLessThanOrEqual(600);
  });
});
