/**
 * What the stand-in model writes: fixed texts a test can find again (exported), and the normal answer of
 * each content step the app's LLM content writer asks for (`<task>…</task>` in its system message).
 */

/** The note of long-note mode: 40 sentences of about 10 words. */
export const LONG_NOTE = Array.from(
  { length: 40 },
  (_, i) => `Sentence number ${i + 1} keeps going on about how much we admire your work.`,
).join(' ');

export const STAND_IN_MESSAGES = {
  connection_note: 'Hi from the stand-in model, loved your profile. Open to connecting? Sam',
  follow_up_1: 'Thanks for connecting! This is the stand-in model writing your first follow-up. Sam',
  follow_up_2: 'Just a nudge from the stand-in model, in case my last message got buried. Sam',
};
export const STAND_IN_COMMENT = 'Great point, thanks for sharing it (stand-in model).';

/** Tokens every answer reports (fixed, so a test can add them up per call). */
export const STAND_IN_USAGE = { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 };

/** The plan of every blog post the stand-in writes. */
export const STAND_IN_OUTLINE = ['Why it matters', 'How to start', 'Mistakes to avoid', 'Next steps'];
export const STAND_IN_META =
  'A stand-in meta description: what the reader learns and why it helps them today.';

/** The words of a section's body before it is padded to the length asked. */
const SECTION_BASE_WORDS = 25;
/** Each padding sentence has this many words. */
const DETAIL_WORDS = 10;

/**
 * A section's body: the words every test can find, the heading it was written for, and sentences of
 * detail up to about `words` words, as a model that follows the length asked would write (none when
 * `words` is not given or is already met by the base text).
 */
export const standInSectionHtml = (heading: string, words = 0): string => {
  const details = Math.max(0, Math.ceil((words - SECTION_BASE_WORDS) / DETAIL_WORDS));
  const detail = Array.from(
    { length: details },
    (_, i) => `Detail ${i + 1} of the stand-in section explains one more point.`,
  ).join(' ');
  return `<p>The stand-in model wrote this section, "${heading}", in two short paragraphs.</p><ul><li>One concrete step.</li><li>Another concrete step.</li></ul>${detail ? `<p>${detail}</p>` : ''}<p>That is all for this section.</p>`;
};
export const standInRewriteHtml = (heading: string): string =>
  `<p>The stand-in model rewrote "${heading}" as asked.</p>`;
export const standInTopicTitle = (index: number): string => `Stand-in topic ${index}: a practical guide`;
export const standInLinkedinPost = (index: number): string =>
  `Stand-in hook ${index}: most teams get this wrong.\n\nHere is what the stand-in model would do instead.\n\nOne line at a time, with room to breathe.\n\nWhat would you add?\n\n#StandIn #Marketing${index}`;

/**
 * The search ad the stand-in writes: as a careless model would, with a headline over 30 characters, a
 * shouted word and "!", a duplicate in other letter case, a description over 90 and paths with spaces
 * and slashes, so tests see the writer fit every field to Google's rules.
 */
export const STAND_IN_SEARCH_AD = {
  headlines: [
    'Stand-in Headline One',
    'Stand-in headline that runs far past the limit',
    'Try The Stand-in FREE!',
    'stand-in headline one.',
    'Stand-in Headline Two',
    'Stand-in Headline Three',
    'Stand-in Headline Four',
  ],
  descriptions: [
    'The stand-in model wrote this first description. It goes on and on well beyond the ninety characters Google allows.',
    'A second stand-in description!! Really!',
    'A third stand-in description.',
  ],
  path1: 'stand in/ads',
  path2: 'the-second-path-is-long',
};

/** A regenerated field's candidates: the first repeats the ad's first text of that kind, so the writer skips it. */
export const standInAdCandidates = (field: string): string[] =>
  field === 'path'
    ? ['stand-in-ads', 'fresh-path', 'other-path']
    : field === 'description'
      ? ['The stand-in model wrote this first description.', 'A fresh stand-in description.', 'Another one.']
      : ['Stand-in Headline One', 'A Fresh Stand-in Headline', 'Another Stand-in Headline'];

/** A social post of the stand-in: no figures, so a picture's figure can only be invented. */
export const standInSocialPost = (network: string): string =>
  `Stand-in ${network} post: the stand-in model wrote this for ${network}.\n\nOne clear idea, then a question for you.\n\n#StandIn #Social`;
/** The Selection step's answer: its stat is in no stand-in post, so the writer must drop it. */
export const STAND_IN_SELECTION = {
  headline: 'Stand-in headline from the post',
  points: ['The first point the stand-in picked', 'The second point the stand-in picked'],
  stat: '73%',
};
export const STAND_IN_IMAGE_DESCRIPTION = 'A stand-in picture: a calm desk by a window, in soft blue tones.';

/**
 * Prospect Research's card as a careless model would write it: beside points that cite the sources it was
 * given, one cites a source it was never given and one adds a figure its source does not hold, so tests see
 * the writer drop both.
 */
export const STAND_IN_RESEARCH = {
  company: 'The stand-in model read what the company does on its site.',
  profilePoint: 'The stand-in model would ask about their current role.',
  postPoint: 'The stand-in model would bring up their latest post.',
  inventedSource: 'They were just featured in a stand-in news article.',
  inventedFigure: 'Their team grew to 4321 people this year.',
  openingLine: 'The stand-in model opens with a word on their latest post.',
};

const researchAnswer = (sources: { id?: unknown }[]): string => {
  const ids = sources.map((source) => String(source.id));
  const posts = ids.filter((id) => id.startsWith('post-'));
  const point = (text: string, source: string) => ({ text, source });
  return JSON.stringify({
    company: ids.includes('site') ? point(STAND_IN_RESEARCH.company, 'site') : null,
    topics: posts.slice(0, 3).map((id) => point(`Stand-in topic of ${id}`, id)),
    talking_points: [
      point(STAND_IN_RESEARCH.profilePoint, 'profile'),
      point(STAND_IN_RESEARCH.inventedSource, 'news-1'),
      point(STAND_IN_RESEARCH.inventedFigure, 'profile'),
      ...(posts[0] ? [point(STAND_IN_RESEARCH.postPoint, posts[0])] : []),
    ],
    opening_line: point(STAND_IN_RESEARCH.openingLine, posts[0] ?? 'profile'),
  });
};

/** A <data name="…"> block of the content writer's user message, read back as JSON. */
const dataOf = (prompt: string, name: string): Record<string, unknown> => {
  const match = new RegExp(`<data name="${name}">\\n([\\s\\S]*?)\\n</data>`).exec(prompt);
  try {
    return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const numberIn = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** The normal answer of a content step, as the LLM content writer asks for it. */
export const contentAnswer = (
  task: string,
  prompt: string,
  lengths: 'as-asked' | 'short' | 'long' = 'as-asked',
  parts: 'all' | 'missing' = 'all',
): string => {
  const request = dataOf(prompt, 'request');
  switch (task) {
    case 'blog_topics': {
      const count = numberIn(request.count, 3);
      return JSON.stringify({
        topics: Array.from({ length: count }, (_, i) => ({
          title: standInTopicTitle(i + 1),
          angle: `The angle of stand-in topic ${i + 1}.`,
          keywords: ['stand-in', `keyword ${i + 1}`],
        })),
      });
    }
    case 'blog_plan': {
      const topic = typeof request.topic === 'string' ? request.topic : 'a topic';
      const keywords = Array.isArray(request.keywords) ? request.keywords : [];
      return JSON.stringify({
        title: `Stand-in post: ${topic}`,
        slug: 'stand-in-post',
        metaDescription: STAND_IN_META,
        outline: STAND_IN_OUTLINE,
        keywordsUsed: keywords.length > 0 ? keywords : ['stand-in'],
      });
    }
    case 'blog_section':
    case 'blog_fit': {
      // blog_section asks for `words`, blog_fit for `target`: both are answered at that length, unless
      // the mode is a model that ignores lengths (short-sections) or overshoots them (long-sections).
      const section = dataOf(prompt, 'section');
      const heading = typeof section.heading === 'string' ? section.heading : 'a section';
      const asked = numberIn(task === 'blog_fit' ? section.target : section.words, 0);
      const words = lengths === 'short' ? 0 : lengths === 'long' ? asked * 3 : asked;
      return standInSectionHtml(heading, words);
    }
    case 'blog_rewrite': {
      const heading = dataOf(prompt, 'section').heading;
      return standInRewriteHtml(typeof heading === 'string' ? heading : 'a section');
    }
    case 'linkedin_posts': {
      if (parts === 'missing') return standInLinkedinPost(1).replace(/\n\n#.*$/, '');
      const variants = numberIn(request.variants, 1);
      return Array.from({ length: variants }, (_, i) => standInLinkedinPost(i + 1)).join('\n---\n');
    }
    case 'social_posts': {
      const networks = Array.isArray(request.networks) ? request.networks.map(String) : ['linkedin'];
      return JSON.stringify({
        posts: networks.map((network) => ({ network, text: standInSocialPost(network) })),
      });
    }
    case 'social_selection':
      return JSON.stringify(STAND_IN_SELECTION);
    case 'social_image':
      return STAND_IN_IMAGE_DESCRIPTION;
    case 'keyword_ideas': {
      // Labels the app's word cues overrule ("pricing" is transactional whatever the model says), and no numbers.
      const seeds = Array.isArray(request.seed_terms) ? request.seed_terms.map(String) : [];
      const subject = seeds[0] ?? 'stand-in subject';
      return JSON.stringify({
        keywords: [
          { keyword: `${subject} pricing`, intent: 'informational', theme: subject },
          { keyword: `what is ${subject}`, intent: 'informational', theme: subject },
          { keyword: `stand-in keyword idea`, intent: 'commercial', theme: 'Stand-in theme' },
          { keyword: `stand-in planning checklist`, intent: 'Navigational', theme: 'Stand-in theme' },
        ],
      });
    }
    case 'search_ad':
      return JSON.stringify(STAND_IN_SEARCH_AD);
    case 'prospect_research': {
      const sources = dataOf(prompt, 'sources');
      return researchAnswer(Array.isArray(sources) ? (sources as { id?: unknown }[]) : []);
    }
    case 'search_ad_field': {
      const replace = dataOf(prompt, 'replace');
      const field = typeof replace.field === 'string' ? replace.field : 'headline';
      return JSON.stringify({ candidates: standInAdCandidates(field) });
    }
    default:
      return '';
  }
};
