import type { BlogTopic, ContentContext } from '../types';
import { type BrandFacts, brandFactsOf } from './brand-facts';
import { keywordsOf } from './grounding';
import {
  capitalise,
  contentWords,
  distinct,
  lowerFirst,
  pickerOf,
  rotate,
  verb,
  withDeterminer,
} from './text-tools';

/**
 * Blog topic ideas from the brand's subjects (the seed keywords first, then its key phrases and offer),
 * each in one of the patterns people write blogs in: how-to, mistakes, checklist, comparison, case
 * study, trends… Every idea is specific to one subject, no two share a title, and the same request
 * gives the same ideas while other seed keywords give others.
 */

/** Subjects for a user who has neither a profile nor seed keywords: what any small business writes about. */
const GENERIC_SUBJECTS = [
  'customer trust',
  'your website',
  'content marketing',
  'lead generation',
  'customer onboarding',
  'email newsletters',
  'word-of-mouth referrals',
  'social media',
  'pricing pages',
  'customer feedback',
];

/** A title longer than this reads like a sentence; the audience is dropped from it first. */
const TITLE_MAX = 70;

type Ideas = {
  x: string;
  X: string;
  /** Another subject, for comparisons. */
  y: string | null;
  readers: string | null;
  company: string | null;
};

type Pattern = {
  title: (i: Ideas) => string | null;
  angle: (i: Ideas) => string;
  /** The pattern speaks of something worth having: never of a problem ("invest in hidden fees"). */
  onlyForGoods?: true;
};

/** Subjects that are problems to avoid (a brand's "hidden fees", "churn"): not something to get more of. */
const PROBLEM =
  /\b(?:fees|costs?|churn|downtime|delays?|errors?|mistakes?|waste|risks?|debt|problems?|bottlenecks?|friction|burnout|fraud|spam|bugs?|outages?|losses|lost|no-shows?|ghosting|objections?)\b/i;

const forReaders = (i: Ideas): string => (i.readers ? ` for ${i.readers}` : '');

const PATTERNS: readonly Pattern[] = [
  {
    onlyForGoods: true,
    title: (i) => `How to get more out of ${i.x}${forReaders(i)}`,
    angle: (i) =>
      `A practical, step-by-step guide showing ${i.readers ?? 'readers'} how to make ${i.x} work for them, from the first decision to a routine they can keep.`,
  },
  {
    title: (i) => `Common mistakes with ${i.x} and how to avoid them`,
    angle: (i) =>
      `The mistakes people most often make with ${i.x}, why they happen and the simple fixes that prevent them.`,
  },
  {
    title: (i) => `A practical checklist for ${i.x}${forReaders(i)}`,
    angle: (i) =>
      `A short, printable checklist that covers the essentials of ${i.x}, so nothing important is missed and nothing unimportant takes up time.`,
  },
  {
    // Two things to choose between: a problem is not one of the options.
    title: (i) =>
      i.y && !PROBLEM.test(i.x) && !PROBLEM.test(i.y) ? `${i.X} vs ${i.y}: what should come first?` : null,
    angle: (i) =>
      `A side-by-side look at ${i.x} and ${i.y}: what each is good for, where they overlap and how to decide where to start.`,
  },
  {
    title: (i) =>
      i.company
        ? `How ${i.company} approaches ${i.x}: lessons from our own work`
        : `${i.X} in practice: a real-world walkthrough`,
    angle: (i) =>
      i.company
        ? `A behind-the-scenes look at how ${i.company} handles ${i.x}, what we learned along the way and what readers can borrow.`
        : `A walkthrough of ${i.x} applied to an everyday situation, with each decision explained.`,
  },
  {
    title: (i) => `What is next for ${i.x}: the shifts ${i.readers ?? 'growing businesses'} should watch`,
    angle: (i) =>
      `The shifts shaping ${i.x} right now and how to prepare for them without chasing every new trend.`,
  },
  {
    title: (i) => `A beginner's guide to ${i.x}`,
    angle: (i) =>
      `The essentials of ${i.x} explained in plain language for someone starting out: what ${verb(i.x, 'it is', 'they are')}, why ${verb(i.x, 'it matters', 'they matter')} and the first steps.`,
  },
  {
    title: (i) => `Why it pays to take ${i.x} seriously${forReaders(i)}`,
    angle: (i) =>
      `Makes the case for giving ${i.x} proper attention, with the everyday costs of neglecting ${verb(i.x, 'it', 'them')} and the benefits of getting ${verb(i.x, 'it', 'them')} right.`,
  },
  {
    onlyForGoods: true,
    title: (i) => `The questions to ask before you invest in ${i.x}`,
    angle: (i) =>
      `Helps readers think clearly before they spend time or money on ${i.x}: the questions that surface hidden assumptions and how to answer them.`,
  },
  {
    title: (i) => `Myths about ${i.x} that hold ${i.readers ?? 'small businesses'} back`,
    angle: (i) =>
      `Takes on the most common misconceptions about ${i.x} and replaces them with practical, honest advice.`,
  },
  {
    title: (i) => `How to measure ${i.x} without drowning in data`,
    angle: (i) =>
      `A simple way to tell whether ${i.x} ${verb(i.x, 'is', 'are')} improving, using a few signals that are easy to collect and hard to misread.`,
  },
  {
    onlyForGoods: true,
    title: (i) => `Getting started with ${i.x}: a simple plan for the first month`,
    angle: (i) =>
      `A realistic first-month plan for ${i.x}, broken into small weekly steps anyone can follow.`,
  },
];

/** The subjects a brand can write about, most specific first; generic ones only when nothing else is known. */
const subjectsOf = (brand: BrandFacts, seeds: string[]): string[] => {
  const own = distinct([
    ...seeds,
    ...brand.keyPhrases,
    ...(brand.offerPhrase ? [brand.offerPhrase] : []),
  ]).filter((subject) => subject.split(' ').length <= 6);
  return own.map((subject) => lowerFirst(subject));
};

/** The audience in a title only when it is short enough for one. */
const titleReaders = (brand: BrandFacts): string | null =>
  brand.audience && brand.audience.length <= 40 ? brand.audience : null;

const titleKey = (title: string): string => contentWords(title).sort().join(' ');

const keywordsFor = (x: string, y: string | null, related: string[]): string[] =>
  distinct([
    x,
    ...(y ? [y] : []),
    ...related.filter((word) => word.toLowerCase() !== x.toLowerCase()).slice(0, 2),
  ]).slice(0, 5);

export const suggestTopics = (
  context: ContentContext,
  request: { seedKeywords: string[]; count: number },
): BlogTopic[] => {
  const brand = brandFactsOf(context.brand);
  const seeds = keywordsOf(request.seedKeywords);
  const picker = pickerOf(
    'topics',
    seeds.map((seed) => seed.toLowerCase()),
    brand.company,
    brand.keyPhrases,
    brand.offerPhrase,
  );
  const count = Math.max(0, Math.floor(request.count));
  const own = subjectsOf(brand, seeds);
  // Seeds lead in the order given; the brand's own subjects follow in an order the seed varies.
  const ordered = [...own.slice(0, seeds.length), ...rotate(own.slice(seeds.length), picker.index(1, 97))];
  const generic = rotate(GENERIC_SUBJECTS, picker.index(2, 97)).filter(
    (subject) => !ordered.some((known) => known.toLowerCase() === subject),
  );
  const topics: BlogTopic[] = [];
  const seen = new Set<string>();
  const patternStart = picker.index(3, PATTERNS.length);
  const readers = titleReaders(brand);

  const tryRounds = (subjects: string[]): void => {
    for (let round = 0; round < PATTERNS.length && topics.length < count; round += 1) {
      subjects.forEach((x, index) => {
        if (topics.length >= count) return;
        // Each subject walks the patterns from its own starting point, so neighbours differ in kind.
        const pattern = PATTERNS[(patternStart + round + index * 5) % PATTERNS.length];
        const y = subjects[(index + 1) % subjects.length];
        // "A practical checklist for your sales pipeline": a bare singular thing takes a determiner.
        const ideas: Ideas = {
          x: withDeterminer(x),
          X: capitalise(withDeterminer(x)),
          y: y && y !== x ? withDeterminer(y) : null,
          readers,
          company: brand.company,
        };
        // The audience makes a title specific, but not at any length: past TITLE_MAX it is left out.
        const withReaders = pattern?.title(ideas);
        const title =
          withReaders && withReaders.length > TITLE_MAX
            ? (pattern?.title({ ...ideas, readers: null }) ?? null)
            : withReaders;
        if (!pattern || !title || (pattern.onlyForGoods && PROBLEM.test(x))) return;
        const key = titleKey(title);
        if (seen.has(key)) return;
        seen.add(key);
        topics.push({
          title: capitalise(title),
          angle: pattern.angle(ideas),
          keywords: keywordsFor(x, y && ideas.y && title.includes(ideas.y) ? y : null, [
            ...seeds,
            ...brand.keyPhrases,
          ]),
        });
      });
    }
  };

  tryRounds(ordered);
  if (topics.length < count) tryRounds([...ordered, ...generic]);
  return topics.slice(0, count);
};
