import {
  GOOGLE_AD_LIMITS,
  GOOGLE_AD_PATH_PATTERN,
  googleAdProblems,
  googleAdTextKey,
} from '@sales-assist/contract';
import { describe, expect, it } from 'vitest';
import type { AiClient } from '../../clients/ai/types';
import { rewriteSearchAdFieldWithModel, writeSearchAdWithModel } from './llm/llm-search-ads';
import type { StepKit } from './llm/step-kit';
import {
  ACME_ROCKETS,
  BRIGHTPIPE,
  contextFor,
  EMPTY_BRAND,
  FORBIDDEN,
} from './offline/fixtures.test-support';
import { rewriteSearchAdField, titleCase, writeSearchAd } from './offline/search-ads';
import { acronymsIn, cutAtWord, fitDescription, fitHeadline, fitPath, fitSearchAd } from './search-ad-fit';
import type { LandingPage, SearchAd } from './search-ad-types';

const AD_PROMPT = { id: 9, version: 1, name: 'Google Ads copy', text: 'Write an ad for {keywords}.' };

const withinLimits = (ad: SearchAd): void => {
  expect(ad.headlines.length).toBeGreaterThanOrEqual(GOOGLE_AD_LIMITS.headline.min);
  expect(ad.headlines.length).toBeLessThanOrEqual(GOOGLE_AD_LIMITS.headline.max);
  expect(ad.descriptions.length).toBeGreaterThanOrEqual(GOOGLE_AD_LIMITS.description.min);
  expect(ad.descriptions.length).toBeLessThanOrEqual(GOOGLE_AD_LIMITS.description.max);
  expect(
    googleAdProblems({
      headlines: ad.headlines,
      descriptions: ad.descriptions,
      path1: ad.paths[0],
      path2: ad.paths[1],
    }),
  ).toEqual([]);
  for (const text of [...ad.headlines, ...ad.descriptions]) {
    for (const pattern of FORBIDDEN) expect(text).not.toMatch(pattern);
  }
};

describe('fitting texts to Google’s rules', () => {
  it('cuts at a whole word and never ends on a connector', () => {
    expect(cutAtWord('Scheduling software for busy dental clinics', 30)).toBe('Scheduling software for busy');
    expect(cutAtWord('Keep every deal and follow-up in one place', 30)).toBe('Keep every deal and follow-up');
    expect(cutAtWord('Pipeline visibility for the whole team', 30)).toBe('Pipeline visibility');
    expect(cutAtWord('Supercalifragilisticexpialidocious-tools', 30)).toHaveLength(30);
  });

  it('a headline loses its exclamation marks and shouting, and fits 30 characters', () => {
    expect(fitHeadline('Try It FREE Today!')).toBe('Try It Free Today');
    expect(fitHeadline('Great Deals! Shop Now')).toBe('Great Deals. Shop Now');
    expect(fitHeadline('The simplest CRM for small sales teams anywhere')).toBe('The simplest CRM for small');
    // An acronym the brand writes itself stays in capitals; short ones always do.
    expect(fitHeadline('HIPAA Ready Scheduling', acronymsIn('HIPAA compliance'))).toBe(
      'HIPAA Ready Scheduling',
    );
    expect(fitHeadline('HIPAA Ready Scheduling')).toBe('Hipaa Ready Scheduling');
    expect(fitHeadline('CRM for B2B Teams')).toBe('CRM for B2B Teams');
  });

  it('a description keeps one exclamation mark, ends at a sentence when it can and fits 90', () => {
    const long =
      'Keep every deal, email and follow-up in one place. Set it up in an afternoon and see your whole pipeline at a glance.';
    const fitted = fitDescription(long);
    expect(fitted).toBe('Keep every deal, email and follow-up in one place.');
    expect(fitDescription('Start now! It is simple! Really!')).toBe('Start now! It is simple. Really.');
    const words = fitDescription('word '.repeat(40));
    expect(words.length).toBeLessThanOrEqual(90);
    expect(words).toMatch(/word\.$/);
  });

  it('a path holds letters, digits and hyphens only, at most 15, cut at a hyphen', () => {
    expect(fitPath('crm software')).toBe('crm-software');
    expect(fitPath('sales/pipeline tools!')).toBe('sales-pipeline');
    expect(fitPath('dental-clinic-scheduling')).toBe('dental-clinic');
    expect(fitPath('Zahnärzte Termine')).toBe('Zahnärzte');
    expect(fitPath('$$$')).toBe('');
    for (const path of ['crm software', 'a/b/c/d', 'über-größe ßtraße', 'x'.repeat(40)]) {
      const fitted = fitPath(path);
      expect(fitted.length).toBeLessThanOrEqual(15);
      expect(fitted).toMatch(GOOGLE_AD_PATH_PATTERN);
    }
  });

  it('drops duplicates as Google counts them (case and end punctuation aside) and keeps at most 15 and 4', () => {
    const ad = fitSearchAd(
      {
        headlines: [
          'Simple CRM',
          'simple crm.',
          'SIMPLE CRM!',
          ...Array.from({ length: 20 }, (_, i) => `Headline ${i}`),
        ],
        descriptions: ['One.', 'one', 'Two.', 'Three.', 'Four.', 'Five.'],
        paths: ['crm', 'CRM'],
      },
      new Set(),
    );
    expect(ad.headlines[0]).toBe('Simple CRM');
    expect(ad.headlines.filter((text) => googleAdTextKey(text) === 'simple crm')).toHaveLength(1);
    expect(ad.headlines).toHaveLength(15);
    expect(ad.descriptions).toEqual(['One.', 'Two.', 'Three.', 'Four.']);
    expect(ad.paths).toEqual(['crm', '']);
  });
});

describe('the offline ad', () => {
  const landing: LandingPage = {
    url: 'https://brightpipe.example/crm',
    title: 'Brightpipe | Simple CRM for Small Teams',
    description: 'Brightpipe keeps every deal and follow-up in one place for small sales teams.',
    headings: ['Never Miss a Follow-up', 'Save 50% Today', 'Pipeline Visibility'],
    text: 'Plans start at $29 a month. Teams set it up in an afternoon. 9 out of 10 founders love it.',
  };

  it('writes an ad within every limit from the brand, the page and the keywords', () => {
    const ad = writeSearchAd(contextFor({ brand: BRIGHTPIPE, prompt: AD_PROMPT }), {
      landingUrl: landing.url,
      landingPage: landing,
      keywords: ['crm for small business', 'sales pipeline'],
    });
    withinLimits(ad);
    // Whole phrases and sentences of the user's only: fewer texts rather than filler ("Learn More Today").
    expect(ad.headlines.length).toBeGreaterThanOrEqual(5);
    expect(ad.headlines).not.toContain('Learn More Today');
    expect(ad.descriptions.length).toBeGreaterThanOrEqual(2);
    const written = [landing.description, landing.text, BRIGHTPIPE.websiteSummary].join(' ');
    for (const description of ad.descriptions) expect(written).toContain(description);
    expect(ad.headlines).toContain('CRM for Small Business');
    expect(ad.headlines).toContain('Brightpipe');
    expect(ad.paths[0]).not.toBe('');
    expect(ad.paths[0]).toMatch(GOOGLE_AD_PATH_PATTERN);
  });

  it('invents no figures, prices or discounts, even when the page has them', () => {
    const ad = writeSearchAd(contextFor({ brand: ACME_ROCKETS, prompt: AD_PROMPT }), {
      landingUrl: landing.url,
      landingPage: landing,
      keywords: ['rocket launch'],
    });
    withinLimits(ad);
    for (const text of [...ad.headlines, ...ad.descriptions, ...ad.paths]) {
      expect(text).not.toMatch(/\d|[$€£%]|\b(?:free|discount|cheapest|guarantee)/i);
    }
  });

  it('keeps a figure the user gave in a keyword', () => {
    const ad = writeSearchAd(contextFor({ brand: BRIGHTPIPE, prompt: AD_PROMPT }), {
      landingUrl: 'https://brightpipe.example/',
      landingPage: null,
      keywords: ['crm for b2b', 'web3 sales'],
    });
    expect(ad.headlines).toContain('Web3 Sales');
  });

  it('with nothing known but a keyword, writes the keyword and marks the places left to write', () => {
    const ad = writeSearchAd(contextFor({ brand: EMPTY_BRAND, prompt: AD_PROMPT }), {
      landingUrl: 'https://example.com/',
      landingPage: null,
      keywords: ['garden design'],
    });
    // No composed headline ("Explore Garden Design") and no stock description: Google's minimum is
    // met by places that say what to write there.
    expect(ad.headlines).toEqual(['Garden Design', 'Write here: what you sell', 'Write here: your audience']);
    expect(ad.descriptions).toEqual([
      'Write here: what you offer and the problem it solves for the searcher.',
      'Write here: why the searcher should choose you, and what to do next.',
    ]);
    withinLimits(ad);
  });

  it('writes one field again, repeating neither the others nor itself', () => {
    const context = contextFor({ brand: BRIGHTPIPE, prompt: AD_PROMPT });
    const request = {
      landingUrl: landing.url,
      landingPage: landing,
      keywords: ['crm for small business', 'sales pipeline'],
    };
    const ad = writeSearchAd(context, request);
    // The ad already holds every whole phrase of the user's: a new one exists only while some is left.
    const fewer = { ...ad, headlines: ad.headlines.slice(0, 3), paths: ['', ''] as [string, string] };
    for (const field of ['headline', 'path'] as const) {
      const text = rewriteSearchAdField(context, { ...request, ad: fewer, field, index: 1 });
      expect(text).not.toBeNull();
      const same = field === 'headline' ? fewer.headlines : fewer.paths;
      expect(same.map(googleAdTextKey)).not.toContain(googleAdTextKey(text ?? ''));
    }
  });

  it('says so (null) when every candidate is already in the ad', () => {
    const context = contextFor({ brand: EMPTY_BRAND, prompt: AD_PROMPT });
    const request = { landingUrl: 'https://example.com/', landingPage: null, keywords: ['garden'] };
    const ad = writeSearchAd(context, request);
    const everyHeadline: SearchAd = { ...ad, headlines: [...ad.headlines] };
    let text = rewriteSearchAdField(context, { ...request, ad: everyHeadline, field: 'headline', index: 0 });
    for (let guard = 0; text !== null && guard < 40; guard++) {
      everyHeadline.headlines.push(text);
      text = rewriteSearchAdField(context, { ...request, ad: everyHeadline, field: 'headline', index: 0 });
    }
    expect(text).toBeNull();
  });

  it('title-cases keywords without touching acronyms or small words', () => {
    expect(titleCase('crm for small teams')).toBe('Crm for Small Teams');
    expect(titleCase('HIPAA scheduling and iPhone apps')).toBe('HIPAA Scheduling and iPhone Apps');
  });
});

describe('the model’s ad, read leniently and fitted', () => {
  /** A model that answers `raw` (read through the writer's own schema, as the AI layer does). */
  const kitAnswering = (raw: unknown): StepKit => ({
    ai: {
      model: 'fake',
      streamText: () => Promise.reject(new Error('not used')),
      streamChat: () => Promise.reject(new Error('not used')),
      completeText: () => Promise.reject(new Error('not used')),
      generateObject: async (request) => ({
        object: request.schema.parse(raw),
        usage: { promptTokens: 1, completionTokens: 1 },
      }),
    } as AiClient,
    context: contextFor({ brand: BRIGHTPIPE, prompt: AD_PROMPT }),
    signal: undefined,
    onUsage: () => undefined,
    onDelta: undefined,
  });
  const request = {
    landingUrl: 'https://brightpipe.example/',
    landingPage: null,
    keywords: ['sales pipeline'],
  };

  it('reads headlines given as one text with a line each, and tops up to Google’s minimum', async () => {
    const ad = await writeSearchAdWithModel(
      kitAnswering({
        headlines: '1. Pipeline Clarity!\n2. PIPELINE CLARITY',
        descriptions: ['Only one.'],
        path1: 'Sales Pipeline',
      }),
      request,
    );
    expect(ad.headlines[0]).toBe('Pipeline Clarity');
    expect(ad.headlines).toHaveLength(3);
    expect(ad.descriptions).toHaveLength(2);
    expect(ad.descriptions[0]).toBe('Only one.');
    expect(ad.paths).toEqual(['Sales-Pipeline', '']);
    withinLimits(ad);
  });

  it('a field written again skips candidates that repeat the ad, then falls back to the composer', async () => {
    const ad: SearchAd = {
      headlines: ['Sales Pipeline', 'Brightpipe', 'Deal Tracking'],
      descriptions: ['One.', 'Two.'],
      paths: ['sales', ''],
    };
    const fresh = await rewriteSearchAdFieldWithModel(
      kitAnswering({
        candidates: [
          'brightpipe.',
          'A headline that is far longer than thirty characters',
          'Clear Pipelines',
        ],
      }),
      { ...request, ad, field: 'headline', index: 0 },
    );
    // The repeat is skipped, and one that fits whole is taken before one that would have to be cut.
    expect(fresh).toBe('Clear Pipelines');
    const cut = await rewriteSearchAdFieldWithModel(
      kitAnswering({ candidates: ['brightpipe.', 'A headline that is far longer than thirty characters'] }),
      { ...request, ad, field: 'headline', index: 0 },
    );
    expect(cut).toBe('A headline that is far longer');
    const composed = await rewriteSearchAdFieldWithModel(
      kitAnswering({ candidates: ['Deal tracking', 'Brightpipe'] }),
      {
        ...request,
        ad,
        field: 'headline',
        index: 0,
      },
    );
    expect(composed).not.toBeNull();
    expect(ad.headlines.map(googleAdTextKey)).not.toContain(googleAdTextKey(composed ?? ''));
  });
});
