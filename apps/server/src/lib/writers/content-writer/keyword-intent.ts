import type { TKeywordIntent } from '@sales-assist/contract';

/**
 * Search intent from the words a keyword is written with (the cues SEO tools such as Semrush publish):
 * a cue decides; without one the model's label stands, and without that a default. The order matters:
 * a brand name makes a search navigational whatever else it says, a question about price transactional
 * ("how much does bookkeeping cost"), any other question informational whatever it names ("how to choose
 * crm software"), then a price or a purchase word transactional, a comparison word commercial, a learning
 * word informational. So one pattern always gets one label.
 */

const TRANSACTIONAL =
  /\b(?:buy|buying|purchase|order|price|prices|pricing|cost|costs|quote|quotes|hire|hiring|book|booking|subscribe|subscription|sign up|signup|free trial|trial|discount|coupon|deal|deals|cheap|affordable|for sale|near me|get started|demo|download|rent|rental)\b/i;
const COMMERCIAL =
  /\b(?:best|top|vs|versus|compare|comparison|comparisons|review|reviews|alternative|alternatives|software|tool|tools|service|services|agency|agencies|provider|providers|company|companies|platform|platforms|solution|solutions|app|apps|consultant|consultants|specialist|specialists|features)\b/i;
/** A question's opening decides its intent, whatever else it names ("what is invoice approval software"). */
const QUESTION = /^(?:what|how|why|when|who|where|which|is|are|does|do|can|should)\b/i;
/** …except a question about price ("how much does bookkeeping cost"). */
const PRICE_QUESTION = /^how much\b|^(?:what|how)\b.*\b(?:cost|costs|price|prices|pricing)\b/i;
const INFORMATIONAL =
  /^(?:what|how|why|when|who|where|which|is|are|does|do|can|should)\b|\b(?:guide|tutorial|tips|ideas|examples|example|meaning|definition|learn|checklist|benefits|mistakes|explained|basics|beginners?|steps|template|templates)\b/i;
const NAVIGATIONAL =
  /\b(?:login|log in|sign in|website|official site|contact|customer service|support|address|phone number)\b/i;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The intent a keyword's own words give, or null when none of the cues is in it. */
export const intentFromCues = (keyword: string, company: string | null): TKeywordIntent | null => {
  const text = keyword.toLowerCase();
  const brand = company?.trim().toLowerCase();
  if (brand && brand.length >= 2 && new RegExp(`(?:^|\\W)${escapeRegExp(brand)}(?:\\W|$)`).test(text)) {
    return 'navigational';
  }
  if (NAVIGATIONAL.test(text) && !INFORMATIONAL.test(text)) return 'navigational';
  // The same pattern gets the same label: a question is informational unless it asks a price.
  if (PRICE_QUESTION.test(text)) return 'transactional';
  if (QUESTION.test(text)) return 'informational';
  if (TRANSACTIONAL.test(text)) return 'transactional';
  if (COMMERCIAL.test(text)) return 'commercial';
  if (INFORMATIONAL.test(text)) return 'informational';
  return null;
};

const INTENTS: readonly TKeywordIntent[] = ['informational', 'commercial', 'transactional', 'navigational'];

/** A model's label read leniently ("Commercial investigation" → commercial); null when it is none of the four. */
export const intentLabelOf = (label: unknown): TKeywordIntent | null => {
  if (typeof label !== 'string') return null;
  const lower = label.toLowerCase();
  return INTENTS.find((intent) => lower.includes(intent.slice(0, 6))) ?? null;
};

/**
 * A keyword's intent: its cue words first, then the model's label, then the default — a bare name of
 * what the brand sells ("bookkeeping for freelancers") is commercial (the searcher looks for a
 * provider), any other bare phrase informational.
 */
export const intentOf = (
  keyword: string,
  options: { company: string | null; modelLabel?: unknown; namesOffer: boolean },
): TKeywordIntent =>
  intentFromCues(keyword, options.company) ??
  intentLabelOf(options.modelLabel) ??
  (options.namesOffer ? 'commercial' : 'informational');
