import {
  PROSPECT_RESEARCH_MESSAGES,
  type TResearchCard,
  type TResearchPoint,
  type TResearchSource,
} from '@sales-assist/contract';
import type { LinkedInProfile } from '../../lib/clients/linkedin-gateway';
import { extractKeyPhrases } from '../website/brand/key-phrases';
import type { SiteProfile } from '../website/extract-site-profile';
import { monthYear, tenureOf } from './research-sources';

const TALKING_POINTS = 3;
const TOPICS = 5;
const SENTENCE = { min: 40, max: 240 } as const;

/**
 * Role and tenure from the profile alone: the position's title and company and the month it started, and the
 * time since (worked out from that month, not guessed). Both writers use it: it is read, never written.
 */
export const rolePoint = (profile: LinkedInProfile, now: Date): TResearchPoint | null => {
  const position = profile.position;
  if (position) {
    const title = position.title
      ? `${position.title} at ${position.company}`
      : `Works at ${position.company}`;
    const tenure = position.startedOn ? tenureOf(position.startedOn, now) : null;
    const since = position.startedOn
      ? ` since ${monthYear(position.startedOn)}${tenure ? ` (${tenure})` : ''}`
      : '';
    return { text: `${title}${since}`, source: 'profile' };
  }
  return profile.headline ? { text: profile.headline, source: 'profile' } : null;
};

/** What the company does and for whom, in the site's own words (its offer, else its description). */
const companyPoint = (site: SiteProfile | null): TResearchPoint | null => {
  if (!site) return null;
  const what = site.offer || site.description;
  if (!what) return null;
  return { text: site.audience ? `${what} For: ${site.audience}` : what, source: 'site' };
};

/** The lead's sentences that read as a thought of their own: long enough to say something, not a link. */
const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(
      (sentence) =>
        sentence.length >= SENTENCE.min &&
        sentence.length <= SENTENCE.max &&
        !/https?:\/\/|#\w/.test(sentence) &&
        /[.!?]$/.test(sentence),
    );

/**
 * A card from the sources alone, for when no model writes (or the model failed): every point is a phrase or
 * a sentence the sources hold, quoted as it is, and the opening line is a "Write here:" note, since writing
 * one would be inventing. Topics are each post's key noun phrase; talking points the lead's own sentences.
 */
export const writeCardOffline = (
  material: { profile: LinkedInProfile; posts: TResearchSource[]; site: SiteProfile | null },
  now: Date,
): TResearchCard => {
  const topics: TResearchPoint[] = [];
  const seen = new Set<string>();
  for (const post of material.posts) {
    for (const phrase of extractKeyPhrases([{ text: post.text, weight: 1 }], 'eng').slice(0, 2)) {
      if (seen.has(phrase.toLowerCase()) || topics.length >= TOPICS) continue;
      seen.add(phrase.toLowerCase());
      topics.push({ text: phrase, source: post.id });
    }
  }
  const talking: TResearchPoint[] = [];
  // One sentence from each post first, so the points cover as many posts as there are.
  for (let round = 0; talking.length < TALKING_POINTS && round < 3; round++) {
    for (const post of material.posts) {
      const sentence = sentencesOf(post.text)[round];
      if (sentence && talking.length < TALKING_POINTS)
        talking.push({ text: `“${sentence}”`, source: post.id });
    }
  }
  const about = topics[0]?.text ?? material.profile.position?.company ?? null;
  return {
    role: rolePoint(material.profile, now),
    company: companyPoint(material.site),
    topics,
    talking_points: talking,
    opening_line: {
      text: `${PROSPECT_RESEARCH_MESSAGES.writeHere} an opening line in your own words${about ? ` about “${about}”` : ''}.`,
      source: null,
    },
  };
};
