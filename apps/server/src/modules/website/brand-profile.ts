import { BRAND_FIELDS, type TBrandField } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { type BrandLook, users, websites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { wholeSentencesOf } from '../../lib/writers/content-writer/offline/material';
import type { BrandProfile } from '../../lib/writers/content-writer/types';
import { cutAtWord, sentencesOf, wordCount } from './brand/plain-text';

/** The brand profile with what the screens and callers need around it. */
export type BrandProfileState = {
  profile: BrandProfile;
  /** False for a user who skipped the website step: the profile then holds only their company name. */
  hasWebsite: boolean;
  scannedAt: Date | null;
  editedAt: Date | null;
  editedFields: TBrandField[];
  /** The brand's colours and logo read from the site (none without a website). */
  look: BrandLook;
};

export const NO_LOOK: BrandLook = { colors: [], logo: null };

export const SUMMARY_LIMITS = { sentences: 3, chars: 600 } as const;

const wordsOf = (sentence: string) => new Set(sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
/** The share of the smaller sentence's words found in the other. */
const overlap = (a: Set<string>, b: Set<string>) => {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const word of small) if (large.has(word)) shared++;
  return shared / small.size;
};

const CALL_TO_ACTION =
  /^(book|get|start|try|sign|join|request|contact|learn|read|download|subscribe|watch|see)\b/i;

/**
 * {website_summary}: a few sentences about the site: its description first, then the first telling
 * sentences of its readable text (six words or more, not a call to action), three at most and 600
 * characters at most. Built when read, so a better rule needs no rescan.
 */
export const summariseWebsite = (source: {
  description: string | null;
  readableText: string | null;
  headings: string[];
}): string => {
  const chosen: string[] = [];
  const chosenWords: Set<string>[] = [];
  const add = (sentence: string) => {
    if (chosen.length >= SUMMARY_LIMITS.sentences) return;
    // A sentence that mostly repeats one already chosen (the hero line restating the description) adds nothing.
    const words = wordsOf(sentence);
    if (chosenWords.some((earlier) => overlap(words, earlier) >= 0.6)) return;
    const next = [...chosen, sentence].join(' ');
    if (next.length > SUMMARY_LIMITS.chars && chosen.length > 0) return;
    chosenWords.push(words);
    chosen.push(sentence);
  };
  for (const sentence of sentencesOf(source.description ?? '')) add(sentence);
  for (const paragraph of (source.readableText ?? '').split('\n')) {
    if (chosen.length >= SUMMARY_LIMITS.sentences) break;
    for (const sentence of sentencesOf(paragraph)) {
      // Whole sentences only: a badge or a label ("New: AI assist") has no full stop.
      if (wordCount(sentence) >= 6 && /[.!?]$/.test(sentence) && !CALL_TO_ACTION.test(sentence))
        add(sentence);
    }
  }
  if (chosen.length === 0) {
    for (const heading of source.headings.slice(0, SUMMARY_LIMITS.sentences)) {
      add(/[.!?]$/.test(heading) ? heading : `${heading}.`);
    }
  }
  return cutAtWord(chosen.join(' '), SUMMARY_LIMITS.chars);
};

/** Sentences the offline writer may quote: the readable text's whole sentences, in the site's order. */
export const SITE_SENTENCES_MAX = 80;
const siteSentencesOf = (readableText: string | null): string[] =>
  wholeSentencesOf(readableText ?? '').slice(0, SITE_SENTENCES_MAX);

const isBrandField = (value: string): value is TBrandField =>
  (BRAND_FIELDS as readonly string[]).includes(value);

/**
 * The user's brand profile and whether it comes from a website. Without one (the website step
 * skipped), the company is the account's company name and every other field is empty.
 */
export const loadBrandProfileState = async (
  db: Db,
  userId: string,
  options: { siteSentences?: boolean } = {},
): Promise<BrandProfileState> => {
  const [row] = await db
    .select({ companyName: users.companyName, website: websites })
    .from(users)
    .leftJoin(websites, eq(websites.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError(404, 'not_found', 'This account does not exist.');
  const site = row.website;
  if (!site) {
    return {
      profile: {
        company: row.companyName,
        websiteUrl: null,
        websiteSummary: '',
        offer: '',
        audience: '',
        tone: '',
        keyPhrases: [],
      },
      hasWebsite: false,
      scannedAt: null,
      editedAt: null,
      editedFields: [],
      look: NO_LOOK,
    };
  }
  return {
    profile: {
      // Rows read before the brand profile existed hold only the name and description.
      company: site.company ?? site.name,
      websiteUrl: site.url,
      websiteSummary: summariseWebsite(site),
      offer: site.offer ?? site.description ?? '',
      audience: site.audience ?? '',
      tone: site.tone ?? '',
      keyPhrases: site.keyPhrases.length > 0 ? site.keyPhrases : site.keywords.slice(0, 10),
      // Only the writers quote them; the chat and the screens read the profile without the work.
      ...(options.siteSentences ? { siteSentences: siteSentencesOf(site.readableText) } : {}),
    },
    hasWebsite: true,
    scannedAt: site.fetchedAt,
    editedAt: site.editedAt,
    editedFields: site.editedFields.filter(isBrandField),
    look: site.look,
  };
};

/** What every content prompt is fed ({company}, {website_summary}, {audience}, {tone}, {keywords}…). */
export const loadBrandProfile = async (db: Db, userId: string): Promise<BrandProfile> =>
  (await loadBrandProfileState(db, userId, { siteSentences: true })).profile;
