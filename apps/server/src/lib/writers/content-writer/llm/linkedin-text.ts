import { LINKEDIN_POST_MAX } from '@sales-assist/contract';
import { AiUnusableAnswer } from '../../../clients/ai/ai-errors';
import { shortenText, tidyText } from '../../message-writer/shorten-text';
import type { LinkedinPostDraft } from '../types';

/**
 * LinkedIn posts are streamed as the text a person would read (hook, body, hashtags), with a line of
 * "---" between variants, rather than as JSON: the screen shows the words as they come, and the parser
 * below reads them back into drafts.
 */
export const linkedinAnswerFormat = (variants: number): string =>
  [
    `Exactly ${variants} post${variants > 1 ? 's' : ''}, as plain text: no JSON and no Markdown (no **, no # headings).`,
    variants > 1 ? 'Put a line holding only --- between two posts.' : 'Write only the one post.',
    'Each post: the hook alone on its first line; a blank line; the body in short lines with blank lines between them; a blank line; then the hashtags together on the last line (#LikeThis #AndThis).',
    `Each whole post is at most ${LINKEDIN_POST_MAX.toLocaleString('en-US')} characters.`,
  ].join('\n');

const HASHTAG_LINE = /^(?:#[\p{L}\p{N}_]+[\s,]*)+$/u;
/** A line that only names the variant ("Post 1:", "Variant 2"), which some models add. */
const VARIANT_LABEL = /^(?:post|variant|option)\s*\d+\s*[:.)-]?$/i;
const FIELD_LABEL = /^(?:hook|body|hashtags)\s*:\s*/i;

const draftOf = (block: string): LinkedinPostDraft | null => {
  const lines = tidyText(block.replace(/\*\*/g, ''))
    .split('\n')
    .filter((line) => !VARIANT_LABEL.test(line))
    .map((line) => line.replace(FIELD_LABEL, ''));
  while (lines.length > 0 && !lines[0]) lines.shift();
  const hashtags: string[] = [];
  while (lines.length > 0) {
    const last = lines.at(-1) ?? '';
    if (!last) {
      lines.pop();
      continue;
    }
    if (!HASHTAG_LINE.test(last)) break;
    hashtags.unshift(...(last.match(/#[\p{L}\p{N}_]+/gu) ?? []));
    lines.pop();
  }
  const firstLine = lines.shift() ?? '';
  if (!firstLine) return null;
  const hook = shortenText(firstLine, 300) || firstLine.slice(0, 300);
  const tags = [...new Set(hashtags)].slice(0, 10);
  // The whole post (hook, blank line, body, blank line, hashtags) stays within LinkedIn's limit.
  const room = LINKEDIN_POST_MAX - hook.length - 2 - (tags.length > 0 ? tags.join(' ').length + 2 : 0);
  return { hook, body: shortenText(tidyText(lines.join('\n')), Math.max(0, room)), hashtags: tags };
};

/** The drafts in a streamed answer, at most `variants`; none readable is an unusable answer. */
export const parseLinkedinPosts = (text: string, variants: number): LinkedinPostDraft[] => {
  const fenced = /^```[a-z]*\s*([\s\S]*?)\s*```$/i.exec(text.trim());
  const drafts = (fenced?.[1] ?? text)
    .split(/^\s*(?:-{3,}|={3,}|\*{3,})\s*$/m)
    .map(draftOf)
    .filter(
      (draft): draft is LinkedinPostDraft => draft !== null && (draft.body !== '' || draft.hook.length > 40),
    );
  if (drafts.length === 0) throw new AiUnusableAnswer('answered no text');
  return drafts.slice(0, variants);
};
