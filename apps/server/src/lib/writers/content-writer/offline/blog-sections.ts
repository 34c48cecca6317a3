import type { Tone } from '../../message-writer/offline-voices';
import type { BrandFacts } from './brand-facts';
import { CONTENT_VOICES } from './content-voices';
import type { FactPool } from './grounding';
import { type Block, type Inline, list, paragraph } from './html-blocks';
import { capitalise, isPlural, listInWords, type Picker, verb, withDeterminer } from './text-tools';

/**
 * The kinds of section a blog post is built from, each with its headings and the paragraphs and list
 * items it can draw on. The substance is general, sound advice about any subject (set a goal, fix one
 * thing at a time, review), written so that the subject, the audience, the keywords, the brand and the
 * user's own sentences slot in; nothing here states a figure or a result that nobody measured.
 */

export type SectionKind =
  | 'intro'
  | 'why'
  | 'steps'
  | 'practice'
  | 'questions'
  | 'mistakes'
  | 'checklist'
  | 'measure'
  | 'habits'
  | 'brand'
  | 'conclusion';

/** Everything a section is written from. */
export type SectionContext = {
  /** The subject, inside a sentence ("choosing a CRM for a small team"); `F` capitalised. */
  f: string;
  F: string;
  /** The subject in fewer words ("choosing a CRM"), for every mention after the first. */
  s: string;
  S: string;
  brand: BrandFacts;
  keywords: string[];
  tone: Tone;
  picker: Picker;
  facts: FactPool;
  /** The prompt's call to action: its text, false for none, null for the tone's own. */
  callToAction: string | false | null;
  /** The post's sections, so one knows what another already says. */
  kinds: SectionKind[];
};

type ListSpec = { ordered: boolean; items: Inline[][] };

type SectionPlan = {
  headings: (c: SectionContext) => string[];
  /** Blocks that always open the section; `variant` picks between phrasings where a kind has two. */
  lead?: (c: SectionContext, variant: number) => Block[];
  /** Paragraphs taken (in a rotating order unless `inOrder`) until the section has its share of words. */
  pool: (c: SectionContext) => (Block | Later)[];
  /** The pool reads as a sequence: its paragraphs keep their order. */
  inOrder?: boolean;
  list?: (c: SectionContext) => ListSpec;
  /** The list's items may come in another order in another rendering (they are not a sequence). */
  shuffleList?: boolean;
  /** Blocks that always close the section. */
  tail?: (c: SectionContext) => Block[];
};

const _forReaders = (c: SectionContext): string => (c.brand.audience ? ` for ${c.brand.audience}` : '');
const readersOr = (c: SectionContext, fallback: string): string => c.brand.audience ?? fallback;
/** The keyword in position `n`, skipping one that is the subject itself; null when there is none. */
const keyword = (c: SectionContext, n: number): string | null => {
  const others = c.keywords.filter((word) => word.toLowerCase() !== c.s.toLowerCase());
  const chosen = others.length > 0 ? others[n % others.length] : undefined;
  // "Keep your sales pipeline in view": a bare singular thing takes a determiner.
  return chosen ? withDeterminer(chosen) : null;
};
/** The keywords other than the subject, named in the introduction. */
const alongTheWay = (c: SectionContext): string => {
  const others = c.keywords.filter(
    (word) => ![c.f, c.s].some((subject) => subject.toLowerCase() === word.toLowerCase()),
  );
  if (others.length === 0) return '';
  if (others.length === 1) return ` Along the way it also looks at ${withDeterminer(others[0] ?? '')}.`;
  return ` Along the way it touches on ${listInWords(others.slice(0, 3).map(withDeterminer))} and how they fit together.`;
};
const step = (lead: string, text: string): Inline[] => [{ strong: lead }, text];
/** A paragraph built only when the section uses it, so a sentence of the user's is never spent unused. */
type Later = () => Block | null;
const factParagraph = (c: SectionContext, intro: string): Later[] => [
  () => {
    const fact = c.facts.take();
    return fact ? paragraph(`${intro} ${fact}`) : null;
  },
];

const PLANS: Record<SectionKind, SectionPlan> = {
  intro: {
    headings: (c) => [`${c.S}: what is really involved`, `${c.S}: the big picture`, 'Where to begin'],
    inOrder: true,
    lead: (c) => [
      paragraph(
        `${c.picker.pick(20, CONTENT_VOICES[c.tone].openers)(c.f, c.F)} It is one of those subjects that looks simple from the outside and turns out to have more moving parts than expected. ${capitalise(c.brand.audience ? `for ${c.brand.audience}` : 'for most teams')}, getting it right shapes how time is spent, how customers experience the business and how confidently decisions get made.`,
      ),
    ],
    pool: (c) => [
      ...factParagraph(c, 'Keep one thing in mind from the start.'),
      paragraph(
        `This post walks through ${c.s} step by step: what it involves, the mistakes that slow people down and a practical way to approach it that does not need a big budget or a dedicated team.${alongTheWay(c)}`,
      ),
      ...(c.brand.company
        ? [
            paragraph(
              `At ${c.brand.company}, ${c.brand.offerWe ? `we ${c.brand.offerWe}` : `we spend our days ${c.brand.offerPhrase ? `on ${c.brand.offerPhrase}` : 'helping customers with exactly this kind of question'}`}, and the advice below reflects what works in practice rather than in theory.`,
            ),
          ]
        : []),
      paragraph(
        'The aim is simple. By the end, you should know where to start, what to prioritise and what can safely wait until later.',
      ),
      paragraph(
        'None of it requires specialist knowledge. What it does require is a little time set aside, an honest look at how things work today and the willingness to change one thing at a time.',
      ),
    ],
  },
  why: {
    headings: (c) => [
      `Why ${c.s} ${verb(c.s, 'matters', 'matter')}`,
      'What is at stake',
      `The case for taking ${c.s} seriously`,
    ],
    pool: (c) => [
      paragraph(
        `It is tempting to leave ${c.s} for later. The trouble is that small gaps compound: a process that is unclear today becomes a habit tomorrow, and habits are harder to change than plans.`,
      ),
      paragraph(
        `When you handle ${c.s} well, the benefits show up in everyday work. People spend less time guessing, customers get clearer answers, and it becomes easier to see what is working and what is not.`,
      ),
      paragraph(
        `${capitalise(c.brand.audience ? `for ${c.brand.audience}` : 'for a growing business')}, the stakes are practical rather than abstract. Time and attention are limited, and every hour spent on work that does not move things forward is an hour not spent with customers.`,
      ),
      ...factParagraph(c, 'This is not just theory.'),
      paragraph(
        `There is also a confidence benefit. A clear approach to ${c.s} means decisions can be explained, repeated and improved, instead of being reinvented every time the question comes up.`,
      ),
      ...(keyword(c, 0)
        ? [
            paragraph(
              isPlural(keyword(c, 0) ?? '')
                ? `${capitalise(keyword(c, 0) ?? '')} are a good example: they are easy to underestimate until you look at how often they come up in day-to-day work.`
                : `${capitalise(keyword(c, 0) ?? '')} is a good example: it is easy to underestimate until you look at how often it comes up in day-to-day work.`,
            ),
          ]
        : []),
    ],
  },
  steps: {
    headings: (c) => [
      `A step-by-step approach to ${c.s}`,
      'How to get started',
      'A practical plan you can follow',
    ],
    lead: (c, variant) => [
      paragraph(
        variant % 2 === 0
          ? `The good news is that you do not need to tackle ${c.s} all at once. Breaking it into a few deliberate steps keeps the work manageable and makes progress visible.`
          : `A plan for ${c.s} works best when it is short enough to fit on one page, with each step building on the last. That keeps the work manageable and the progress visible.`,
      ),
    ],
    list: (_c) => ({
      ordered: true,
      items: [
        step(
          'Start with the goal.',
          'Write down, in one sentence, what a good result looks like and who it is for.',
        ),
        step(
          'Look at where you are today.',
          'Note what already works, what gets skipped and where people get stuck.',
        ),
        step(
          'Pick one priority.',
          'Choose the change that would make the biggest difference, and leave the rest for later.',
        ),
        step(
          'Make it repeatable.',
          "Turn what works into a simple routine or checklist so it does not depend on one person's memory.",
        ),
        step(
          'Review and adjust.',
          'Set a date to look back at what changed, and decide what to keep, drop or try next.',
        ),
      ],
    }),
    pool: (c) => [
      paragraph(
        'Each step is small on purpose. The point is to build momentum: once the first improvement is in place, the next one is easier to justify and easier to make.',
      ),
      paragraph(
        'If you work in a team, share the plan early. A short conversation about the goal and the first priority avoids duplicated effort and gives everyone a reason to follow through.',
      ),
      ...(keyword(c, 1)
        ? [
            paragraph(
              `Keep ${keyword(c, 1)} in view at every step; ${verb(keyword(c, 1) ?? '', 'it is', 'they are')} often where the quickest improvements are hiding.`,
            ),
          ]
        : []),
      paragraph(
        'Resist the urge to skip the second step. Knowing where you stand today is what makes it possible to show, later on, that things have actually improved.',
      ),
      paragraph(
        'Expect the first attempt to be imperfect. A plan that is followed and adjusted beats a perfect plan that never leaves the drawing board, and every review makes the next round easier.',
      ),
      paragraph(
        `Give the plan a home. A shared document that records the goal, the current priority and the next review date keeps ${c.s} from depending on anyone's memory.`,
      ),
    ],
  },
  practice: {
    headings: () => ['What this looks like in practice', 'Lessons from experience', 'From our own notes'],
    lead: (c, variant) => [
      paragraph(
        variant % 2 === 0
          ? `Theory only goes so far, so here is what ${c.s} ${verb(c.s, 'looks', 'look')} like when ${verb(c.s, 'it meets', 'they meet')} real work${c.brand.company ? ` at ${c.brand.company}` : ''}.`
          : `Here is how ${c.s} plays out in day-to-day work${c.brand.company ? ` at ${c.brand.company}` : ''}, in our own words.`,
      ),
    ],
    pool: (c) =>
      [0, 1, 2].map(() => () => {
        const first = c.facts.take();
        if (!first) return null;
        const second = c.facts.take();
        return paragraph(second ? `${first} ${second}` : first);
      }),
    tail: () => [
      paragraph(
        'The common thread is that small, consistent steps beat big, occasional pushes, whatever the size of the business.',
      ),
    ],
  },
  questions: {
    headings: () => ['Questions to ask before you start', 'Questions worth answering first'],
    shuffleList: true,
    lead: (c, variant) => [
      paragraph(
        variant % 2 === 0
          ? `Good answers start with good questions. Before committing time or money to ${c.s}, it is worth spending an hour on the questions below, ideally with the people who will do the work.`
          : `Before you commit time or money to ${c.s}, a few honest questions will save you from the most expensive mistakes. They are best answered together with the people who will do the work.`,
      ),
    ],
    list: (c) => ({
      ordered: false,
      items: [
        ['What would a good result look like a few months from now?'],
        ['Who is responsible, and how much time can they realistically give it?'],
        ['What are we doing today that we could simply stop?'],
        [`What do ${readersOr(c, 'our customers')} ask about most often?`],
        ['How will we know whether it is working?'],
      ],
    }),
    pool: (c) => [
      paragraph(
        'There are no wrong answers here. The point is to surface assumptions early, while they are still cheap to change.',
      ),
      paragraph(
        'Write the answers down and keep them somewhere everyone can see them. They make a useful reference when priorities start to drift.',
      ),
      paragraph(
        'If a question has no clear answer yet, that is useful information too. It usually points to the first thing worth finding out before any time or money is committed.',
      ),
      paragraph(
        `Come back to the same questions after a few months. The answers will have moved, and comparing them is a simple way to see how far your approach to ${c.s} has come.`,
      ),
    ],
  },
  mistakes: {
    headings: (c) => [
      'Common mistakes to avoid',
      `Where ${c.s} usually goes wrong`,
      'Pitfalls worth knowing about',
    ],
    shuffleList: true,
    lead: (c, variant) => [
      paragraph(
        variant % 2 === 0
          ? `Most problems with ${c.s} are not caused by a lack of effort. They come from a handful of predictable mistakes that are easy to make and, fortunately, easy to fix once you know what to look for.`
          : `When ${c.s} ${verb(c.s, 'stalls', 'stall')}, the cause is rarely a lack of effort. It is usually one of a few familiar mistakes, and each has a simple fix once you can name it.`,
      ),
    ],
    list: (c) => ({
      ordered: false,
      items: [
        step(
          'Trying to do everything at once.',
          'Spreading effort across too many changes means none of them gets the attention it needs.',
        ),
        step(
          "Copying someone else's approach wholesale.",
          'What works for a much larger or very different business rarely fits as it is.',
        ),
        step(
          'Skipping the basics.',
          'Advanced tactics will not make up for an unclear goal or an inconsistent routine.',
        ),
        step(
          'Not writing anything down.',
          "Decisions that live only in people's heads get lost, repeated or contradicted.",
        ),
        step(
          'Never reviewing the results.',
          'Without a regular look back, there is no way to tell which changes helped.',
        ),
        step(
          'Forgetting the customer.',
          `Work on ${c.s} should make life easier for ${readersOr(c, 'the people you serve')}, not only for the team.`,
        ),
      ],
    }),
    pool: () => [
      paragraph(
        'If any of these sound familiar, do not worry: nearly every team makes at least one of them. The fix is rarely dramatic; it is usually a matter of slowing down, choosing fewer priorities and being more consistent.',
      ),
      paragraph(
        'A useful exercise is to go through the list with your team and pick the one mistake that costs you the most today. Fixing that single issue often does more than any new tool or tactic.',
      ),
      paragraph(
        'It also helps to ask why a mistake keeps happening. Usually the cause is not carelessness but a routine that asks too much, or a goal that was never made clear to the people doing the work.',
      ),
    ],
  },
  checklist: {
    headings: () => ['A quick checklist', 'What good looks like', 'A checklist before you move on'],
    shuffleList: true,
    lead: (c, variant) => [
      paragraph(
        variant % 2 === 0
          ? `Before moving on, it helps to check the basics. If you can tick most of the items below, your approach to ${c.s} is on solid ground; if not, you know exactly where to focus next.`
          : `A short checklist is the quickest way to see whether your approach to ${c.s} is on solid ground, and where to focus next if it is not.`,
      ),
    ],
    list: (c) => ({
      ordered: false,
      items: [
        ['The goal is written down, and everyone involved knows it.'],
        ['Each part of the work has one clear owner.'],
        ['The routine is simple enough to follow in a busy week.'],
        ['Questions and feedback from customers feed back into the plan.'],
        ['There is a date in the calendar to review what has changed.'],
        ...(keyword(c, 2)
          ? [
              [
                `${capitalise(keyword(c, 2) ?? '')} ${isPlural(keyword(c, 2) ?? '') ? 'have' : 'has'} been thought through, not left to chance.`,
              ],
            ]
          : []),
        ...(c.brand.keyPhrases[0]
          ? [[`You know where ${c.brand.keyPhrases[0]} fits into the picture.`]]
          : []),
      ],
    }),
    pool: () => [
      paragraph(
        'Treat the checklist as a living document. Add items that reflect how your business works and remove the ones that do not apply, so it stays short enough to be used.',
      ),
      paragraph(
        'Running through it once a quarter takes a few minutes and is one of the simplest ways to stop good habits from slipping.',
      ),
      paragraph(
        'An item you cannot tick is not a failure; it is your next priority. Pick one, decide who will look after it and put a date on it.',
      ),
    ],
  },
  measure: {
    headings: () => [
      'How to tell whether it is working',
      'Measuring progress',
      'Keeping score without overcomplicating it',
    ],
    shuffleList: true,
    lead: (c, variant) => [
      paragraph(
        variant % 2 === 0
          ? `You do not need a complex dashboard to know whether your work on ${c.s} is paying off. A few signals, checked regularly, tell you most of what you need to know.`
          : `Knowing whether your work on ${c.s} is paying off does not take a complex dashboard. A handful of signals, looked at regularly, will tell you most of what you need.`,
      ),
    ],
    list: () => ({
      ordered: false,
      items: [
        ['Time spent on the work, compared with before'],
        ['Questions or complaints that keep coming back'],
        ['Feedback from customers and colleagues'],
        ['Whether the routine is still being followed'],
      ],
    }),
    pool: () => [
      paragraph(
        'Start with what you can observe today: how long things take, how often the same questions come up and what customers say without being asked. Note where you are now, so you have something to compare against later.',
      ),
      paragraph(
        'Pick signals that are close to the work and hard to game. If a number can go up while the real outcome gets worse, it is the wrong number to watch.',
      ),
      paragraph(
        'Review the signals at a fixed rhythm and write one sentence about what changed and why. Over time, those sentences become one of the most useful records you have.',
      ),
      paragraph(
        'Do not forget the signals that are harder to count. What customers say in passing, and how the team feels about the work, often changes before any number does.',
      ),
    ],
  },
  habits: {
    headings: () => ['Keeping it going', 'Making it stick', 'Building the habit'],
    pool: (c) => [
      paragraph(
        `The hardest part of ${c.s} is rarely the first few weeks; it is the months after. Enthusiasm fades, other priorities arrive and the routine quietly slips.`,
      ),
      paragraph(
        'The simplest protection is to make the routine small enough to survive a busy week. A short, regular slot in the calendar beats an ambitious plan that only happens when things are quiet.',
      ),
      paragraph(
        'It also helps to make progress visible. Share what changed, thank the people who made it happen and keep a short list of what you want to try next.',
      ),
      paragraph(
        `Revisit the goal from time to time. Businesses change, and an approach to ${c.s} that fitted last year may need adjusting today.`,
      ),
      paragraph(
        'Habits also last longer when they are shared. When more than one person knows the routine and why it matters, it survives holidays, busy seasons and changes in the team.',
      ),
    ],
  },
  brand: {
    headings: (c) =>
      c.brand.company
        ? [`How ${c.brand.company} can help`, `Where ${c.brand.company} fits in`]
        : ['Where we can help'],
    inOrder: true,
    lead: (c) => {
      const who = c.brand.company ?? 'We';
      const audience = c.brand.audience ? `, with ${c.brand.audience} in mind` : '';
      const offer = c.brand.offerPhrase
        ? `${who === 'We' ? 'We offer' : `${who} offers`} ${c.brand.offerPhrase}${audience}.`
        : (c.brand.offerSentence ?? '');
      // The website summary often opens with the offer itself (the site's description): said once.
      const summary = c.brand.summary
        .filter((sentence) => sentence.toLowerCase() !== offer.toLowerCase())
        .slice(0, 2)
        .join(' ');
      return [paragraph(`${offer} ${summary}`.trim() || `${who} works on ${c.s} with customers every day.`)];
    },
    pool: (c) => [
      ...(c.brand.summary.length > 2 ? [paragraph(c.brand.summary.slice(2, 5).join(' '))] : []),
      ...(c.brand.keyPhrases.length > 0
        ? [
            paragraph(
              `That is why ${listInWords(c.brand.keyPhrases.slice(0, 3))} sit at the heart of what we do, and why we care so much about ${c.s}.`,
            ),
          ]
        : []),
    ],
    tail: (c) => [
      paragraph(
        `If you are thinking about ${c.s}, we are happy to share what we have learned and help you work out what makes sense for you.`,
        ...(c.brand.websiteUrl && c.brand.company
          ? [
              'You can find out more on the',
              { link: `${c.brand.company} website`, href: c.brand.websiteUrl },
              '.',
            ]
          : []),
      ),
    ],
  },
  conclusion: {
    headings: () => ['Key takeaways', 'Wrapping up', 'Where to go from here'],
    lead: (c, variant) => [
      paragraph(
        variant % 2 === 0
          ? `Progress on ${c.s} comes from steady attention more than grand gestures. Start with a clear goal, avoid the common mistakes and build a routine you can keep.`
          : `The approach to ${c.s} that works is rarely the most ambitious one. It is a clear goal, a few mistakes avoided and a routine that survives a busy week.`,
      ),
    ],
    list: (c) => ({
      ordered: false,
      items: [
        ['Keep the goal simple and written down.'],
        ['Fix one thing at a time.'],
        ['Review regularly, and adjust as you learn.'],
        ...(keyword(c, 3)
          ? [
              [
                `Give ${keyword(c, 3)} the attention ${isPlural(keyword(c, 3) ?? '') ? 'they deserve' : 'it deserves'}.`,
              ],
            ]
          : []),
      ],
    }),
    pool: (c) => [
      // The company's own words, once: here only when no section about the company says them.
      ...(c.brand.summary[0] && !c.kinds.includes('brand') ? [paragraph(c.brand.summary[0])] : []),
      paragraph(c.picker.pick(21, CONTENT_VOICES[c.tone].closers)(c.s)),
    ],
    tail: (c) => {
      if (c.callToAction === false) return [];
      const text =
        c.callToAction ?? c.picker.pick(22, CONTENT_VOICES[c.tone].callsToAction)(c.s, c.brand.company);
      return [paragraph({ strong: text })];
    },
  },
};

export const headingsOf = (kind: SectionKind, c: SectionContext): string[] => PLANS[kind].headings(c);

export type ListMode = 'auto' | 'none' | 'always';

/**
 * One section's blocks: its opening, then paragraphs (starting at a place chosen by `variant`) until
 * the section reaches `budget` words, with its list after the first of them, then its closing.
 * Another `variant` gives another rendering of the same section.
 */
export const composeSection = (
  kind: SectionKind,
  c: SectionContext,
  options: {
    budget: number;
    variant: number;
    listMode: ListMode;
    /** A rewrite: even a sequence may come in another order. */
    reorder?: boolean;
    /** A rewrite asked to be shorter: the opening, at most three list items and only what fits. */
    brief?: boolean;
  },
  countWords: (blocks: Block[]) => number,
): Block[] => {
  const plan = PLANS[kind];
  const lead = plan.lead?.(c, options.variant) ?? [];
  const tail = plan.tail?.(c) ?? [];
  const pool = plan.pool(c);
  // A rewrite may take even a sequence in another order: it must read differently from the first.
  const start = pool.length > 0 && (!plan.inOrder || options.reorder) ? options.variant % pool.length : 0;
  const rotated = [...pool.slice(start), ...pool.slice(0, start)];
  const spec = plan.list?.(c);
  const listBlock =
    spec && options.listMode !== 'none'
      ? listOf(spec, plan.shuffleList ? options.variant : 0, options.brief ? 3 : spec.items.length)
      : null;
  const body: Block[] = [];
  const used = () => countWords([...lead, ...body, ...(listBlock ? [listBlock] : []), ...tail]);
  for (const item of rotated) {
    if ((body.length > 0 || options.brief) && used() >= options.budget) break;
    const block = typeof item === 'function' ? item() : item;
    if (block) body.push(block);
  }
  if (listBlock) body.splice(options.variant % 2 === 0 ? 0 : Math.min(1, body.length), 0, listBlock);
  else if (options.listMode === 'always') {
    const points = keyPointsOf([...lead, ...body]);
    if (points.length >= 2)
      body.push(
        paragraph('In short:'),
        list(
          false,
          points.map((point) => [point]),
        ),
      );
  }
  return [...lead, ...body, ...tail];
};

/** A list's items in a turned order (steps keep theirs), at most `max` of them. */
const listOf = (spec: ListSpec, variant: number, max: number): Block => {
  if (spec.ordered) return list(true, spec.items.slice(0, max));
  const start = variant % spec.items.length;
  return list(false, [...spec.items.slice(start), ...spec.items.slice(0, start)].slice(0, max));
};

/** The first sentence of each paragraph, as points for a list a user asked for. */
const keyPointsOf = (blocks: Block[]): string[] =>
  blocks
    .filter((block): block is Extract<Block, { kind: 'p' }> => block.kind === 'p')
    .map((block) => block.parts.map((part) => (typeof part === 'string' ? part : '')).join(' '))
    .map((text) => text.match(/^(.+?[.!?])(?:\s|$)/)?.[1] ?? '')
    .filter((sentence) => sentence.split(' ').length >= 5)
    .slice(0, 5);

/** The kinds a post is built from, in reading order; the plan picks which of them a length uses. */
export const READING_ORDER: readonly SectionKind[] = [
  'intro',
  'why',
  'steps',
  'practice',
  'questions',
  'mistakes',
  'checklist',
  'measure',
  'habits',
  'brand',
  'conclusion',
];
