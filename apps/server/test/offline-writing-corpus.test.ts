import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineContentWriter } from '../src/lib/writers/content-writer/offline/index';
import {
  isFragmentPhrase,
  type PieceToCheck,
  type Problem,
  piecesOfHtml,
  problemsOf,
  sourcesOf,
} from '../src/lib/writers/content-writer/offline/prose-checks';
import type { BrandProfile, ContentContext } from '../src/lib/writers/content-writer/types';
import { loadBrandProfile } from '../src/modules/website/brand-profile';
import { readSite } from '../src/modules/website/read-site';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { CORPUS, type ServedSites, serveCorpus } from './support/offline-writing-sites';

/**
 * Every offline writer over a fixed corpus of realistic sites and topics, read through the real brand
 * profile (add_website, the pages the navigation links to) and written without any model: the
 * mechanical checks count sentences cut in the middle, unclosed quotes or brackets, sentences said twice,
 * filler, the topic slotted into a fixed sentence, sentences nobody wrote, and key phrases, hashtags and
 * keyword ideas that are not noun phrases. Every count must be zero.
 */

/** Prompts as people write them: with the directives the offline writer reads, and without. */
const PROMPTS = [
  'Write a blog post about {topic} for {audience}.',
  'Write about 1,200 words in 5 sections with 3 hashtags. Call to action: Book a call with our team.',
];

let served: ServedSites;
let h: Harness;
const profiles = new Map<string, BrandProfile>();

beforeAll(async () => {
  served = await serveCorpus();
  h = await startHarness({ engine: false, env: { SAFE_FETCH_ALLOWLIST: served.allowlist } });
  for (const site of CORPUS) {
    const user = await seedUser(h);
    const response = await h.call('POST', '/api/add_website', {
      token: user.accessToken,
      body: { website_url: served.urlOf(site.name) },
    });
    expect(response.statusCode).toBe(200);
    profiles.set(site.name, await loadBrandProfile(h.deps.db, user.user.id));
  }
}, 60_000);

afterAll(async () => {
  await h?.close();
  served?.close();
});

const contextFor = (brand: BrandProfile, prompt: string): ContentContext => ({
  userId: 'corpus',
  brand,
  inputs: [],
  prompt: { id: 1, version: 1, name: 'corpus', text: prompt },
});

/** Everything a person wrote that a piece may quote: the profile, the topic, the keywords, the prompt. */
const sourcesFor = (brand: BrandProfile, extra: readonly string[]) =>
  sourcesOf([
    brand.company,
    brand.offer,
    brand.audience,
    brand.websiteSummary,
    ...(brand.siteSentences ?? []),
    ...brand.keyPhrases,
    'Book a call with our team.',
    ...extra,
  ]);

const tally = (problems: readonly Problem[]) => {
  const counts: Record<string, number> = {};
  for (const problem of problems) counts[problem.kind] = (counts[problem.kind] ?? 0) + 1;
  return counts;
};

describe('the offline writers over the corpus', () => {
  it('read each site beyond its home page', async () => {
    // The pages the navigation names were read; log-in, social and phone links were not followed.
    expect(served.hits).toEqual(
      expect.arrayContaining([
        'ledgerloop /product',
        'ledgerloop /pricing',
        'ledgerloop /customers',
        'ledgerloop /about',
        'ledgerloop /styles.css',
        'northwind /work',
        'harbor-plumbing /services',
        'pipecheck /features',
        'zeitgeist /produkt',
      ]),
    );
    expect(served.hits.filter((hit) => /\/login|\/signup|\/privacy/.test(hit))).toEqual([]);
    const ledgerloop = profiles.get('ledgerloop') as BrandProfile;
    expect(ledgerloop.siteSentences).toEqual(
      expect.arrayContaining([
        'LedgerLoop matches each invoice to its purchase order and goods receipt before it reaches an approver.',
      ]),
    );
  });

  it('takes the audience from the section that names it, as a list', () => {
    const ledgerloop = profiles.get('ledgerloop') as BrandProfile;
    expect(ledgerloop.audience).toBe(
      'AP teams at companies with 50 to 1,000 employees; Controllers who want a clean audit trail; Approvers who never open the accounting system',
    );
    expect(profiles.get('zeitgeist')?.audience).toMatch(
      /^retail chains; Our customers are fashion and grocery chains/,
    );
    expect(profiles.get('northwind')?.audience).toMatch(/^founders who need to raise and hire/);
  });

  it('reads the brand colours and logo of the site', async () => {
    const { profile } = await readSite(h.deps.safeFetch, served.urlOf('ledgerloop'));
    // theme-color first, then the custom properties named for the brand; greys and white left out.
    expect(profile.look.colors.slice(0, 2)).toEqual(['#0e7c66', '#f2a541']);
    expect(profile.look.colors).not.toContain('#222222');
    expect(profile.look.colors).not.toContain('#ffffff');
    expect(profile.look.logoUrl).toBe(`${served.urlOf('ledgerloop')}img/ledgerloop-logo.svg`);
    // A site without a logo image falls back to nothing rather than another site's picture.
    expect((await readSite(h.deps.safeFetch, served.urlOf('maple-pine'))).profile.look).toEqual({
      colors: [],
      logoUrl: null,
    });
  });

  it('finds key phrases that are noun phrases, none a fragment', () => {
    for (const site of CORPUS) {
      const phrases = profiles.get(site.name)?.keyPhrases ?? [];
      expect(
        phrases.filter((phrase) => isFragmentPhrase(phrase)),
        site.name,
      ).toEqual([]);
    }
    const ledgerloop = (profiles.get('ledgerloop')?.keyPhrases ?? []).map((phrase) => phrase.toLowerCase());
    expect(ledgerloop).not.toContain('books faster');
    expect(ledgerloop).not.toContain('general ledger current');
    expect(ledgerloop.some((phrase) => phrase.includes('invoice'))).toBe(true);
  });

  it('writes blog posts, LinkedIn posts, social posts, ads and ideas with no broken prose', async () => {
    const writer = createOfflineContentWriter();
    const problems: (Problem & { where: string })[] = [];
    const check = (where: string, piece: PieceToCheck) => {
      for (const problem of problemsOf(piece)) problems.push({ ...problem, where });
    };
    for (const site of CORPUS) {
      const brand = profiles.get(site.name) as BrandProfile;
      for (const prompt of PROMPTS) {
        const context = contextFor(brand, prompt);
        for (const { topic, keywords } of site.topics) {
          const sources = sourcesFor(brand, [topic, ...keywords]);
          for (const length of ['short', 'medium', 'long'] as const) {
            const post = (await writer.writeBlogPost(context, { topic, keywords, length })).result;
            const { lines } = piecesOfHtml(post.sections.map((section) => section.html).join('\n'));
            check(`${site.name} blog ${length} "${topic}"`, {
              lines,
              labels: [post.title, ...post.sections.map((section) => section.heading)],
              topic,
              sources,
            });
            // The meta description is a sentence of the user's too, or the title.
            check(`${site.name} meta "${topic}"`, {
              lines: post.metaDescription === post.title ? [] : [post.metaDescription],
              labels: [post.metaDescription],
              topic,
              sources,
            });
            const rewritten = await writer.rewriteSection(context, {
              post,
              sectionIndex: 1,
              instruction: 'longer',
            });
            check(`${site.name} rewrite "${topic}"`, {
              lines: piecesOfHtml(rewritten.result.html).lines,
              topic,
              sources,
            });
          }
          const posts = (await writer.writeLinkedinPosts(context, { topic, variants: 3 })).result;
          for (const draft of posts) {
            check(`${site.name} linkedin "${topic}"`, {
              lines: [draft.hook, ...draft.body.split(/\n\s*\n/)],
              phrases: draft.hashtags,
              topic,
              sources,
            });
          }
          const socials = (
            await writer.writeSocialPosts(context, { topic, networks: ['linkedin', 'facebook', 'instagram'] })
          ).result;
          for (const social of socials) {
            const paragraphs = social.text.split(/\n\s*\n/).filter((paragraph) => !paragraph.startsWith('#'));
            check(`${site.name} ${social.network} "${topic}"`, {
              lines: paragraphs,
              phrases: social.hashtags,
              topic,
              sources,
            });
          }
          const ad = (
            await writer.writeSearchAd(context, {
              landingUrl: served.urlOf(site.name),
              landingPage: null,
              keywords,
            })
          ).result;
          check(`${site.name} ad "${topic}"`, {
            lines: ad.descriptions,
            labels: ad.headlines,
            topic,
            sources,
          });
        }
        const topics = (await writer.suggestTopics(context, { seedKeywords: site.seeds, count: 8 })).result;
        for (const idea of topics) {
          check(`${site.name} topic idea`, {
            lines: [idea.angle],
            labels: [idea.title],
            phrases: idea.keywords,
            sources: sourcesFor(brand, site.seeds),
          });
        }
        const ideas = (
          await writer.suggestKeywords(context, { seeds: site.seeds, topic: '', site: null, count: 30 })
        ).result;
        check(`${site.name} keyword ideas`, {
          lines: [],
          phrases: ideas.map((idea) => idea.text),
          names: [brand.company],
        });
      }
    }
    // The first problems in full, so a failure says where; then every count.
    expect(problems.slice(0, 40)).toEqual([]);
    expect(tally(problems)).toEqual({});
  }, 120_000);
});
