import {
  INFOGRAPHIC_HEADLINE_MAX,
  INFOGRAPHIC_POINT_MAX,
  INFOGRAPHIC_POINTS_MAX,
  SOCIAL_LIMITS,
  type TSocialNetwork,
} from '@sales-assist/contract';
import { shortenText } from '../../message-writer/shorten-text';
import { fitSocialText, splitHashtags } from '../social-fit';
import type {
  InfographicSelection,
  InfographicSelectionRequest,
  SocialImageRequest,
  SocialPostDraft,
  SocialPostsRequest,
} from '../social-types';
import type { ContentContext } from '../types';
import { brandFactsOf } from './brand-facts';
import { directivesOf } from './directives';
import { linkedinPostText, writeLinkedinPosts } from './linkedin-posts';
import { sentencesOf, squash } from './text-tools';

/**
 * Social posts without a model. The LinkedIn composer writes the post once from the same context (the
 * theme's Text Post prompt's directives, the brand, the source, the inputs), and each network gets its
 * cut of it: LinkedIn the whole post, Facebook the hook, the first paragraph and the closing call to
 * action, Instagram the hook and the body within its recommended length with more hashtags (Instagram
 * is found through them). Every figure in a post comes from the source or the user's material.
 */

/** Instagram posts carry more hashtags than the others: these many unless the prompt says how many. */
const INSTAGRAM_HASHTAGS = 8;

const hashtagOfPhrase = (phrase: string): string | null => {
  const words = phrase
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0 || words.length > 3) return null;
  const tag = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join('');
  return tag.length >= 2 && tag.length <= 30 && /\p{L}/u.test(tag) ? `#${tag}` : null;
};

const paragraphsOf = (body: string): string[] =>
  body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

const facebookText = (hook: string, paragraphs: string[], hashtags: string[]): string => {
  // The hook, the first idea, and the closing (the call to action and the question).
  const kept = paragraphs.length <= 2 ? paragraphs : [paragraphs[0] ?? '', paragraphs.at(-1) ?? ''];
  const body = shortenText(kept.join('\n\n'), SOCIAL_LIMITS.facebook.recommended);
  return [hook, body, hashtags.slice(0, 3).join(' ')].filter(Boolean).join('\n\n');
};

const instagramText = (
  context: ContentContext,
  hook: string,
  paragraphs: string[],
  hashtags: string[],
): string => {
  const wanted = directivesOf(context.prompt.text).hashtags;
  const brand = brandFactsOf(context.brand);
  const extra = [...brand.keyPhrases, brand.company ?? '']
    .map((phrase) => hashtagOfPhrase(phrase))
    .filter((tag): tag is string => tag !== null);
  const tags = [...new Set([...hashtags, ...extra].map((tag) => tag))].slice(
    0,
    wanted === null ? INSTAGRAM_HASHTAGS : Math.max(wanted, 0),
  );
  // The closing paragraph (the call to action) stays; the middle is cut to the recommended length.
  const closing = paragraphs.length > 1 ? (paragraphs.at(-1) ?? '') : '';
  const middle = paragraphs.slice(0, closing ? -1 : undefined).join('\n\n');
  const room = Math.max(200, SOCIAL_LIMITS.instagram.recommended - closing.length - hook.length);
  return [hook, shortenText(middle, room), closing, tags.join(' ')].filter(Boolean).join('\n\n');
};

export const writeSocialPosts = (context: ContentContext, request: SocialPostsRequest): SocialPostDraft[] => {
  const [draft] = writeLinkedinPosts(context, {
    ...(request.topic ? { topic: request.topic } : {}),
    ...(request.sourceText ? { sourceText: request.sourceText } : {}),
    variants: 1,
  });
  if (!draft) return [];
  const paragraphs = paragraphsOf(draft.body);
  const textOf = (network: TSocialNetwork): string => {
    switch (network) {
      case 'linkedin':
        return linkedinPostText(draft);
      case 'facebook':
        return facebookText(draft.hook, paragraphs, draft.hashtags);
      case 'instagram':
        return instagramText(context, draft.hook, paragraphs, draft.hashtags);
    }
  };
  return request.networks.map((network) => {
    const fitted = fitSocialText(network, textOf(network));
    return { network, text: fitted.text, hashtags: fitted.hashtags };
  });
};

/** A figure as written in the text: "40%", "$1,200", "3x", "12,000", "2.5 hours" (the number part). */
const FIGURE = /(?:[$€£]\s?)?\d[\d,.]*(?:\s?(?:%|x|k|m|bn)\b|%)?/i;

/** A list line's marker: a dash, a bullet, a tick or arrow emoji (with its variation selector), "1.". */
const LIST_MARKER = /^\s*(?:[-•*]|\p{Extended_Pictographic}\uFE0F?|\d+[.)])\s*/u;
const isListLine = (line: string): boolean => LIST_MARKER.test(line);
const withoutMarker = (line: string): string => line.replace(LIST_MARKER, '').trim();

/** Shortens a point to the picture's room, at a word. */
const pointOf = (text: string, max: number): string =>
  shortenText(squash(text.replace(/\p{Extended_Pictographic}\uFE0F?/gu, '')), max);

/**
 * The Selection step without a model: the post's first line as the headline, its list lines (or its
 * first sentences) as the points, a figure only when the post states one (never invented), and the
 * brand's name and site as the footer.
 */
export const selectInfographicContent = (
  context: ContentContext,
  request: InfographicSelectionRequest,
): InfographicSelection => {
  const { body } = splitHashtags(request.postText);
  const lines = body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const headline =
    pointOf(lines[0] ?? '', INFOGRAPHIC_HEADLINE_MAX) ||
    pointOf(context.brand.company, INFOGRAPHIC_HEADLINE_MAX);
  const rest = lines.slice(1);
  const listed = rest.filter(isListLine).map(withoutMarker);
  // Without a list: the body's statements, not its closing question (nor the rest of that line),
  // and not the closing paragraph (the call to action) while the body has enough without it.
  const paragraphs = paragraphsOf(body).slice(1);
  const statements = (paragraph: string) =>
    paragraph
      .split('\n')
      .filter((line) => !line.includes('?'))
      .flatMap((line) => sentencesOf(line));
  const withoutClosing = paragraphs.slice(0, -1).flatMap(statements);
  const candidates =
    listed.length >= 2
      ? listed
      : withoutClosing.length >= 2
        ? withoutClosing
        : paragraphs.flatMap(statements);
  const points = [
    ...new Set(
      candidates.map((line) => pointOf(line, INFOGRAPHIC_POINT_MAX)).filter((line) => line.length >= 3),
    ),
  ].slice(0, Math.min(4, INFOGRAPHIC_POINTS_MAX));
  const stat = FIGURE.exec(body)?.[0]?.trim() ?? null;
  const brand = brandFactsOf(context.brand);
  const host = context.brand.websiteUrl ? hostOf(context.brand.websiteUrl) : '';
  const footer = [brand.company ?? context.brand.company, host].filter(Boolean).join(' · ').slice(0, 120);
  return {
    headline: headline || 'Our latest update',
    points,
    stat: stat && stat.length <= 24 && /\d/.test(stat) ? stat : null,
    footer,
  };
};

const hostOf = (url: string): string => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return '';
  }
};

/**
 * The Image step without a model: a plain description of a picture for an image model, from the
 * post's subject and the brand's voice, with the prompt's usual guard rails (no words in the picture).
 */
export const describeSocialImage = (context: ContentContext, request: SocialImageRequest): string => {
  const { body } = splitHashtags(request.postText);
  const subject = squash(request.topic || (body.split('\n')[0] ?? '') || context.brand.company).slice(0, 200);
  const tone = context.brand.tone
    ? ` The mood is ${squash(context.brand.tone).toLowerCase().slice(0, 80)}.`
    : '';
  const audience = context.brand.audience
    ? ` It speaks to ${squash(context.brand.audience).slice(0, 120)}.`
    : '';
  return `A clean, modern flat illustration about ${subject.replace(/[.!?]+$/, '')}, in calm brand colours with plenty of space.${tone}${audience} No text, letters, logos or watermarks, and no real people's faces.`;
};
