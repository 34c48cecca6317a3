import { describe, expect, it } from 'vitest';
import { intentFromCues, intentLabelOf, intentOf } from './keyword-intent';
import { closestTheme, relevanceOf, vocabularyOf } from './keyword-relevance';
import { createOfflineContentWriter } from './offline';
import type { BrandProfile, ContentContext } from './types';

const brand: BrandProfile = {
  company: 'Acme Books',
  websiteUrl: 'https://acme-books.example',
  websiteSummary:
    'Acme Books does bookkeeping for freelancers. Quarterly tax filing and expense tracking from your phone. Expense tracking that takes minutes.',
  offer: 'bookkeeping for freelancers',
  audience: 'freelancers',
  tone: 'Friendly, Approachable',
  keyPhrases: ['bookkeeping', 'tax filing', 'expense tracking'],
};

const contextOf = (profile: BrandProfile, inputs: { name: string; text: string }[] = []): ContentContext => ({
  userId: 'user-1',
  brand: profile,
  inputs,
  prompt: { id: 1, version: 1, name: 'Keyword research', text: 'Suggest {count} keywords.' },
});

const offline = createOfflineContentWriter();
const suggest = async (
  profile: BrandProfile,
  request: { seeds?: string[]; topic?: string; count?: number },
  inputs: { name: string; text: string }[] = [],
) =>
  (
    await offline.suggestKeywords(contextOf(profile, inputs), {
      seeds: request.seeds ?? [],
      topic: request.topic ?? '',
      site: null,
      count: request.count ?? 30,
    })
  ).result;

describe('search intent rules', () => {
  it.each([
    ['acme books login', 'navigational'],
    ['acme books bookkeeping', 'navigational'],
    ['bookkeeping pricing', 'transactional'],
    ['how much does bookkeeping cost', 'transactional'],
    ['hire a bookkeeper near me', 'transactional'],
    ['best bookkeeping software', 'commercial'],
    ['quickbooks vs xero', 'commercial'],
    ['bookkeeping services reviews', 'commercial'],
    ['what is double entry bookkeeping', 'informational'],
    ['bookkeeping tips for beginners', 'informational'],
    ['customer service', 'navigational'],
  ] as const)('"%s" is %s by its words', (keyword, intent) => {
    expect(intentFromCues(keyword, 'Acme Books')).toBe(intent);
  });

  it('uses the model label only where no word decides, then a default by the offer', () => {
    expect(intentFromCues('double entry ledger', 'Acme Books')).toBeNull();
    expect(
      intentOf('double entry ledger', {
        company: null,
        modelLabel: 'Commercial investigation',
        namesOffer: false,
      }),
    ).toBe('commercial');
    expect(
      intentOf('bookkeeping pricing', { company: null, modelLabel: 'informational', namesOffer: false }),
    ).toBe('transactional');
    expect(intentOf('double entry ledger', { company: null, modelLabel: 'nonsense', namesOffer: true })).toBe(
      'commercial',
    );
    expect(intentOf('double entry ledger', { company: null, namesOffer: false })).toBe('informational');
    expect(intentLabelOf('TRANSACTIONAL')).toBe('transactional');
    expect(intentLabelOf(3)).toBeNull();
    // A short company name is not found inside other words.
    expect(intentFromCues('acmeology guide', 'Acme')).toBe('informational');
  });
});

describe('relevance (our score) and themes', () => {
  const vocabulary = vocabularyOf(brand, [], { seeds: ['freelance bookkeeping'], topic: '', site: null });
  it('scores seed words highest, modifiers as neutral, and unrelated words 0', () => {
    // Seed words earn the weight's 70 and the whole-seed 15; how often the site says them adds the rest.
    expect(relevanceOf('freelance bookkeeping', vocabulary)).toBeGreaterThanOrEqual(85);
    expect(relevanceOf('freelance bookkeeping pricing', vocabulary)).toBe(
      relevanceOf('freelance bookkeeping', vocabulary),
    );
    expect(relevanceOf('tax filing', vocabulary)).toBeGreaterThan(50);
    expect(relevanceOf('tax filing', vocabulary)).toBeLessThan(100);
    expect(relevanceOf('garden furniture', vocabulary)).toBe(0);
    expect(relevanceOf('the', vocabulary)).toBe(0);
  });
  it('puts a keyword in the theme it shares most words with, the earlier on a tie', () => {
    expect(closestTheme('cheap tax filing online', ['bookkeeping', 'tax filing'])).toBe('tax filing');
    expect(closestTheme('garden furniture', ['bookkeeping'])).toBeNull();
  });
});

describe('offline keyword ideas', () => {
  it('grows themes from the seeds, key phrases and offer, each idea in one of them, seeds first', async () => {
    const ideas = await suggest(brand, { seeds: ['freelance bookkeeping'], count: 30 });
    // Only searches a person makes around a noun phrase: fewer than asked rather than junk.
    expect(ideas.length).toBeGreaterThanOrEqual(10);
    expect(ideas.length).toBeLessThanOrEqual(30);
    expect(ideas[0]).toMatchObject({
      text: 'freelance bookkeeping',
      source: 'seed',
      theme: 'freelance bookkeeping',
    });
    const themes = new Set(ideas.map((idea) => idea.theme));
    expect([...themes]).toEqual(
      expect.arrayContaining(['freelance bookkeeping', 'tax filing', 'expense tracking', 'acme books']),
    );
    // Relevance differs between ideas: the seed leads, the brand's other subjects follow.
    expect(new Set(ideas.map((idea) => idea.relevance)).size).toBeGreaterThan(2);
    for (const idea of ideas) {
      // Every idea is about its theme (shares its words), distinct, short and lower case.
      expect(idea.text.includes(idea.theme) || idea.theme === 'acme books').toBe(true);
      expect(idea.text).toBe(idea.text.toLowerCase());
      expect(idea.text.split(' ').length).toBeLessThanOrEqual(7);
      expect(idea.relevance).toBeGreaterThanOrEqual(0);
      expect(idea.relevance).toBeLessThanOrEqual(100);
    }
    expect(new Set(ideas.map((idea) => idea.text)).size).toBe(ideas.length);
    expect(new Set(ideas.map((idea) => idea.intent))).toEqual(
      new Set(['informational', 'commercial', 'transactional', 'navigational']),
    );
    // The audience joins a subject only when the subject does not already name it.
    expect(ideas.map((idea) => idea.text)).not.toContain('freelance bookkeeping for freelancers');
  });

  it('never writes a number the user did not give, and carries no metrics', async () => {
    const ideas = await suggest(brand, { seeds: ['payroll'], topic: 'year end accounts', count: 60 });
    for (const idea of ideas) {
      expect(idea.text).not.toMatch(/\d/);
      expect(Object.keys(idea).sort()).toEqual(['intent', 'relevance', 'source', 'text', 'theme']);
    }
    const withDigits = await suggest(brand, { seeds: ['2fa security'], count: 20 });
    const digits = withDigits.flatMap((idea) => idea.text.match(/\d+/g) ?? []);
    expect(digits.length).toBeGreaterThan(0);
    expect(digits.every((digit) => digit === '2')).toBe(true);
  });

  it('draws subjects from phrases the profile and the inputs repeat, and is the same for the same request', async () => {
    const bare: BrandProfile = { ...brand, keyPhrases: [], offer: '', company: '' };
    const inputs = [
      {
        name: 'notes',
        text: 'Invoice reminders save hours. Invoice reminders go out on time. Receipt scanning too.',
      },
    ];
    const ideas = await suggest(bare, { count: 20 }, inputs);
    const themes = new Set(ideas.map((idea) => idea.theme));
    expect(themes.has('invoice reminders')).toBe(true);
    expect(themes.has('expense tracking')).toBe(true);
    expect(await suggest(bare, { count: 20 }, inputs)).toEqual(ideas);
  });

  it('gives the searches for the brand itself only when the company is known', async () => {
    const named = await suggest(brand, { seeds: ['payroll'] });
    expect(named.filter((idea) => idea.intent === 'navigational').map((idea) => idea.text)).toEqual(
      expect.arrayContaining(['acme books']),
    );
    const unnamed = await suggest({ ...brand, company: '' }, { seeds: ['payroll'] });
    expect(unnamed.some((idea) => idea.text.startsWith('acme'))).toBe(false);
  });
});
