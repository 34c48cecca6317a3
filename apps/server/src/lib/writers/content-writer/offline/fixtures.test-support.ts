import type { BrandProfile, ContentContext } from '../types';

/** The brand and inputs the offline writer's tests write for: a small CRM company. */
export const BRIGHTPIPE: BrandProfile = {
  company: 'Brightpipe',
  websiteUrl: 'https://brightpipe.example/',
  websiteSummary:
    'Brightpipe is a CRM built for small B2B sales teams. It keeps every deal, email and follow-up in one place. Teams set it up in an afternoon.',
  offer: 'a simple CRM for small sales teams',
  audience: 'founders of small B2B companies',
  tone: 'Friendly, Approachable',
  keyPhrases: ['pipeline visibility', 'follow-up reminders', 'deal tracking'],
};

/**
 * The brand profile a scan of the end-to-end tests' site gives (apps/web/e2e/support/test-website.ts): the
 * offer is the site's description, a whole sentence with the company as its subject.
 */
export const ACME_ROCKETS: BrandProfile = {
  company: 'Acme Rockets',
  websiteUrl: 'https://acme-rockets.example/',
  websiteSummary:
    'Acme Rockets builds reusable rockets for small satellites. Acme Rockets puts your payload in orbit on a schedule you can plan around. Pay per kilogram, with no hidden fees.',
  offer: 'Acme Rockets builds reusable rockets for small satellites.',
  audience: '',
  tone: '',
  keyPhrases: ['small satellites', 'hidden fees'],
};

/** A user who skipped the website: nothing known about the brand. */
export const EMPTY_BRAND: BrandProfile = {
  company: '',
  websiteUrl: null,
  websiteSummary: '',
  offer: '',
  audience: '',
  tone: '',
  keyPhrases: [],
};

/** A sentence only the user's input holds, to show the draft draws on it. */
export const INPUT_SENTENCE = 'Our customers often lose deals because follow-ups slip through the cracks.';

export const INPUTS: ContentContext['inputs'] = [
  {
    name: 'Sales notes',
    text: `${INPUT_SENTENCE} We built reminders that surface the next step for every open deal.\nMost founders we talk to keep their pipeline in a spreadsheet until it breaks.\nA weekly pipeline review keeps the whole team honest about which deals are real.`,
  },
];

export const contextFor = (overrides: Partial<ContentContext> = {}): ContentContext => ({
  userId: '00000000-0000-4000-8000-000000000001',
  brand: BRIGHTPIPE,
  inputs: [],
  prompt: {
    id: 1,
    version: 1,
    name: 'Blog post',
    text: 'Write a helpful, well-structured blog post about {topic}.',
  },
  ...overrides,
});

/** What a draft must never say: the writer does not pretend to be a model, and leaves no gap behind. */
export const FORBIDDEN = [
  /\bAI\b/,
  /artificial intelligence/i,
  /language model/i,
  /as an assistant/i,
  /undefined/,
  /\bnull\b/,
  /NaN/,
  /\{|\}/,
  /lorem/i,
  / {2}/,
  / [,.;:]/,
];
