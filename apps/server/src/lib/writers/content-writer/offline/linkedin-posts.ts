import { LINKEDIN_POST_MAX } from '@sales-assist/contract';
import type { ContentContext, LinkedinPostDraft } from '../types';
import { directivesOf } from './directives';
import { instruction, materialOf, sentencePool } from './material';
import { hashtagOf, nounPhrasesIn, phraseKey, rankNounPhrases } from './noun-phrases';
import { asSentence, squash, textOfHtml, wordCount } from './text-tools';

/**
 * LinkedIn posts without a model: drafts to complete. Each variant opens on a different sentence of the
 * user's material (the source they chose, their inputs, their site) and quotes a few more, whole; an
 * instruction marked "Write here:" says what the post still needs (each variant asks for another kind of
 * ending: what it means for the reader, a question, a story), so the variants are real alternatives.
 * Without material the post is an outline: what to write in the hook and the body. Hashtags are noun
 * phrases of the topic, the brand and the material.
 */

export const HASHTAGS_MAX = 5;
const HASHTAGS_DEFAULT = 3;
/** Sentences of material a post quotes under its hook. */
const BODY_SENTENCES = 3;
/** Between two variants in the streamed text, as the LLM writer streams them (modules/linkedin-posts). */
export const VARIANT_SEPARATOR = '\n---\n';

/** The post as it is published and streamed: hook, blank line, body, blank line, hashtags. */
export const linkedinPostText = (draft: LinkedinPostDraft): string =>
  [draft.hook, draft.body, draft.hashtags.join(' ')].filter((part) => part !== '').join('\n\n');

/** What each variant asks the user to add: a different ending each, so no two variants are one post. */
const ENDINGS: readonly string[] = [
  'one line on what this means for your reader, in your own words.',
  'a question that invites your readers to answer in the comments.',
  'a short story from your own work that shows this point.',
  'the lesson you would give a colleague who is new to this.',
  'what you would do differently next time, and why.',
];

/** Hashtags from noun phrases: the topic's first, then the brand's key phrases, then the material's. */
export const hashtagsFor = (
  phrases: { topic: string; keyPhrases: readonly string[]; material: readonly string[] },
  count: number,
): string[] => {
  if (count <= 0) return [];
  const ranked = rankNounPhrases(
    phrases.material.map((text) => ({ text, weight: 1 })),
    { seeds: [phrases.topic], limit: 12 },
  ).map((entry) => entry.phrase);
  const candidates = [...nounPhrasesIn(phrases.topic), ...phrases.keyPhrases, ...ranked];
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const phrase of candidates) {
    const key = phraseKey(phrase);
    if (seen.has(key)) continue;
    seen.add(key);
    const tag = hashtagOf(phrase);
    if (tag && !tags.some((earlier) => earlier.toLowerCase() === tag.toLowerCase())) tags.push(tag);
    if (tags.length >= count) break;
  }
  return tags;
};

export const writeLinkedinPosts = (
  context: ContentContext,
  request: { topic?: string; sourceText?: string; variants: number },
): LinkedinPostDraft[] => {
  const directives = directivesOf(context.prompt.text);
  const raw = request.sourceText?.trim() ?? '';
  // A blog post arrives as HTML; an input as plain text.
  const source = /<[a-z][^>]*>/i.test(raw) ? textOfHtml(raw) : raw;
  const topic = squash(request.topic ?? '');
  const about = `${topic} ${context.brand.keyPhrases.join(' ')}`;
  const material = materialOf(context, about, source || undefined);
  const hashtags = hashtagsFor(
    { topic, keyPhrases: context.brand.keyPhrases, material: source ? [source] : material.sentences },
    Math.min(HASHTAGS_MAX, directives.hashtags ?? HASHTAGS_DEFAULT),
  );
  // The user's call to action as they wrote it, closed as a sentence.
  const callToAction =
    typeof directives.callToAction === 'string' ? asSentence(directives.callToAction) : null;
  const wanted = Math.max(0, Math.floor(request.variants));
  const drafts: LinkedinPostDraft[] = [];
  for (let variant = 0; variant < wanted; variant += 1) {
    // Each variant opens on another of the best sentences, and quotes the ones after it.
    const opening = material.sentences.slice(variant).concat(material.sentences.slice(0, variant));
    const pool = sentencePool(opening);
    const hook =
      pool.take((sentence) => sentence.length <= 200) ??
      instruction('a first line that makes your reader stop: a question, a fact or a moment from your work.');
    const room =
      LINKEDIN_POST_MAX - hook.length - 4 - (hashtags.length > 0 ? hashtags.join(' ').length + 2 : 0);
    const ending = instruction(ENDINGS[variant % ENDINGS.length] ?? '');
    const lines: string[] = [];
    const fits = (line: string) =>
      [...lines, line, ending, ...(callToAction ? [callToAction] : [])].join('\n\n').length <= room &&
      (directives.words === null ||
        wordCount([...lines, line].join(' ')) <= directives.words ||
        lines.length === 0);
    for (let index = 0; index < BODY_SENTENCES; index += 1) {
      const sentence = pool.take(fits);
      if (!sentence) break;
      lines.push(sentence);
    }
    if (lines.length === 0 && material.sentences.length === 0)
      lines.push(instruction('two or three short lines with the point you want to make and why it matters.'));
    lines.push(ending);
    if (callToAction) lines.push(callToAction);
    drafts.push({ hook, body: lines.join('\n\n'), hashtags });
  }
  return drafts;
};

/** Streams the drafts as the LLM writer does: each post's text, a "---" line between two posts. */
export const streamLinkedinPosts = (
  drafts: LinkedinPostDraft[],
  onDelta: ((delta: string) => void) | undefined,
): void => {
  if (!onDelta) return;
  drafts.forEach((draft, index) => {
    if (index > 0) onDelta(VARIANT_SEPARATOR);
    onDelta(draft.hook);
    if (draft.body) onDelta(`\n\n${draft.body}`);
    if (draft.hashtags.length > 0) onDelta(`\n\n${draft.hashtags.join(' ')}`);
  });
};
