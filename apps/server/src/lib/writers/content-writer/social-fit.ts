import { hashtagsOfText, SOCIAL_LIMITS, type TSocialNetwork } from '@sales-assist/contract';
import { shortenText, tidyText } from '../message-writer/shorten-text';

const HASHTAG = /#[\p{L}\p{N}_]+/gu;
const HASHTAG_LINE = /^(?:#[\p{L}\p{N}_]+[\s,]*)+$/u;

/** The text without its closing lines of hashtags, and those hashtags (in order, once each). */
export const splitHashtags = (text: string): { body: string; hashtags: string[] } => {
  const lines = tidyText(text).split('\n');
  const hashtags: string[] = [];
  while (lines.length > 0) {
    const last = lines.at(-1) ?? '';
    if (!last) {
      lines.pop();
      continue;
    }
    if (!HASHTAG_LINE.test(last)) break;
    hashtags.unshift(...(last.match(HASHTAG) ?? []));
    lines.pop();
  }
  return { body: lines.join('\n').trim(), hashtags: [...new Set(hashtags)] };
};

/**
 * A post fitted to its network (SOCIAL_LIMITS): at most the network's hashtags (Instagram 30: the
 * body's own first, then the closing ones; a body hashtag past the cap loses its "#"), and at most its
 * characters, the body cut at the last full sentence (or whole word, with an ellipsis) so the closing
 * hashtags still fit. Used by both writers and by nothing else: an edit over the limit is refused, not cut.
 */
export const fitSocialText = (
  network: TSocialNetwork,
  text: string,
): { text: string; hashtags: string[] } => {
  const limits = SOCIAL_LIMITS[network];
  const split = splitHashtags(text);
  let body = split.body;
  let closing = split.hashtags;
  if (limits.hashtags !== null) {
    let seen = 0;
    const cap = limits.hashtags;
    body = body.replace(HASHTAG, (tag) => {
      seen += 1;
      return seen <= cap ? tag : tag.slice(1);
    });
    const inBody = new Set(hashtagsOfText(body).map((tag) => tag.toLowerCase()));
    closing = closing
      .filter((tag) => !inBody.has(tag.toLowerCase()))
      .slice(0, Math.max(0, cap - hashtagsOfText(body).length));
  }
  const tagLine = closing.join(' ');
  // The closing hashtags never take more than a fifth of the room: a long line of them is cut first.
  let tags = tagLine;
  if (tags.length > limits.max / 5) {
    const kept: string[] = [];
    for (const tag of closing) {
      if ([...kept, tag].join(' ').length > limits.max / 5) break;
      kept.push(tag);
    }
    tags = kept.join(' ');
  }
  const room = limits.max - (tags ? tags.length + 2 : 0);
  const fitted = shortenText(body, room);
  const whole = [fitted, tags].filter(Boolean).join('\n\n');
  return { text: whole, hashtags: hashtagsOfText(whole) };
};
