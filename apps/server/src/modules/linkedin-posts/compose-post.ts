import { LINKEDIN_POST_MAX } from '@sales-assist/contract';
import type { LinkedinPostDraft } from '../../lib/writers/content-writer/types';

/** What a content item of kind linkedin_post keeps in `data`, beside the whole text in `body`. */
export type LinkedinPostData = {
  hook: string;
  hashtags: string[];
  /** Draft until the calendar schedules or publishes it. */
  status: 'draft' | 'scheduled' | 'published';
  source: { type: 'topic' | 'blog' | 'input'; label: string; id: number | null };
  /** Which of the variants of one generation this was (0-based), and how many there were. */
  variant: number;
  variants: number;
  /** The generation a kept variant came from (its receipt's id): keeping it again finds this post. */
  generation?: string;
};

const TITLE_MAX = 300;
const HASHTAG = /(^|\s)(#[\p{L}\p{N}_]+)/gu;

/** `growth hacking`, `#Growth` → `#growthhacking`, `#Growth`: one word each, a # in front, no repeats. */
export const cleanHashtags = (hashtags: readonly string[]): string[] => {
  const seen = new Set<string>();
  const clean: string[] = [];
  for (const raw of hashtags) {
    const word = raw.replace(/^#+/, '').replace(/[^\p{L}\p{N}_]/gu, '');
    if (!word || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    clean.push(`#${word}`);
  }
  return clean.slice(0, 10);
};

/** The hashtags a text carries (an edited post keeps whatever the person left in it). */
export const hashtagsIn = (text: string): string[] =>
  cleanHashtags([...text.matchAll(HASHTAG)].map((match) => match[2] ?? ''));

/** The first line that says something: the hook LinkedIn shows before "see more". */
export const hookOf = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? '';

export const titleOf = (hook: string): string =>
  hook.length <= TITLE_MAX ? hook : `${hook.slice(0, TITLE_MAX - 1).trimEnd()}…`;

/**
 * Cuts a body so the whole post fits, at the last paragraph, line or sentence end that fits (a word
 * boundary at worst), marking the cut with an ellipsis.
 */
const fitBody = (body: string, room: number): string => {
  if (body.length <= room) return body;
  const head = body.slice(0, Math.max(0, room - 1));
  const cutAt = Math.max(
    head.lastIndexOf('\n\n'),
    head.lastIndexOf('\n'),
    head.lastIndexOf('. '),
    head.lastIndexOf('! '),
    head.lastIndexOf('? '),
  );
  const cut = cutAt > room / 2 ? head.slice(0, cutAt + 1) : head.slice(0, head.lastIndexOf(' '));
  return `${cut.trimEnd()}…`;
};

/**
 * The post as it is published: hook, a blank line, the body, a blank line, the hashtags; never over
 * LinkedIn's 3,000 characters, whatever a model wrote (the body gives way, then hashtags).
 */
export const composePost = (draft: LinkedinPostDraft): { text: string; hook: string; hashtags: string[] } => {
  const hook = draft.hook.replace(/\s+/g, ' ').trim().slice(0, 500);
  let hashtags = cleanHashtags(draft.hashtags);
  const body = draft.body
    .replace(/\r\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const tagLine = () => hashtags.join(' ');
  const join = (parts: string[]) => parts.filter((part) => part.length > 0).join('\n\n');
  while (hashtags.length > 3 && join([hook, '', tagLine()]).length > LINKEDIN_POST_MAX / 2)
    hashtags = hashtags.slice(0, -1);
  const fixed = join([hook, tagLine()]).length + (body ? 4 : 0);
  const text = join([hook, fitBody(body, LINKEDIN_POST_MAX - fixed), tagLine()]);
  return { text: text.slice(0, LINKEDIN_POST_MAX), hook: hookOf(text), hashtags };
};
