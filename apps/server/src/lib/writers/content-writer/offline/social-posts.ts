import {
  INFOGRAPHIC_HEADLINE_MAX,
  INFOGRAPHIC_POINT_MAX,
  INFOGRAPHIC_POINTS_MAX,
  SOCIAL_LIMITS,
  type TSocialNetwork,
} from '@sales-assist/contract';
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
import { hashtagsFor, linkedinPostText, writeLinkedinPosts } from './linkedin-posts';
import { wordsOfTag } from './noun-phrases';
import { isInstruction } from './prose-checks';
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

const paragraphsOf = (body: string): string[] =>
  body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/**
 * The hook and as many whole paragraphs as fit the room, the last one (the instruction or the call to
 * action) always kept: a paragraph is never cut, so no sentence ends in the middle.
 */
const wholeParagraphs = (hook: string, paragraphs: string[], tags: string[], room: number): string => {
  const closing = paragraphs.length > 1 ? (paragraphs.at(-1) ?? '') : '';
  const middle = closing ? paragraphs.slice(0, -1) : paragraphs;
  const kept: string[] = [];
  const size = (parts: string[]) =>
    [hook, ...parts, closing, tags.join(' ')].filter(Boolean).join('\n\n').length;
  for (const paragraph of middle) {
    if (size([...kept, paragraph]) > room) break;
    kept.push(paragraph);
  }
  return [hook, ...kept, closing, tags.join(' ')].filter(Boolean).join('\n\n');
};

export const writeSocialPosts = (context: ContentContext, request: SocialPostsRequest): SocialPostDraft[] => {
  const [draft] = writeLinkedinPosts(context, {
    ...(request.topic ? { topic: request.topic } : {}),
    ...(request.sourceText ? { sourceText: request.sourceText } : {}),
    variants: 1,
  });
  if (!draft) return [];
  const paragraphs = paragraphsOf(draft.body);
  const wanted = directivesOf(context.prompt.text).hashtags;
  const instagramTags = hashtagsFor(
    {
      topic: request.topic ?? '',
      keyPhrases: [...draft.hashtags.map(wordsOfTag), ...context.brand.keyPhrases],
      material: [],
    },
    wanted === null ? INSTAGRAM_HASHTAGS : Math.max(wanted, 0),
  );
  const textOf = (network: TSocialNetwork): string => {
    switch (network) {
      case 'linkedin':
        return linkedinPostText(draft);
      case 'facebook':
        return wholeParagraphs(
          draft.hook,
          paragraphs,
          draft.hashtags.slice(0, 3),
          SOCIAL_LIMITS.facebook.recommended,
        );
      case 'instagram':
        return wholeParagraphs(draft.hook, paragraphs, instagramTags, SOCIAL_LIMITS.instagram.recommended);
    }
  };
  return request.networks.map((network) => {
    const fitted = fitSocialText(network, textOf(network));
    return { network, text: fitted.text, hashtags: fitted.hashtags };
  });
};

/**
 * A figure with the words that say what it counts ("50 to 1,000 employees", "3 approvers", "40% fewer
 * errors"): a picture never shows a bare number.
 */
const FIGURE =
  /(?:[$€£]\s?)?\d[\d,.]*(?:\s?(?:%|x|k|m|bn)\b|%)?(?:\s+(?:to|-|–)\s+(?:[$€£]\s?)?\d[\d,.]*)?\s+\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*)?/iu;

/** A list line's marker: a dash, a bullet, a tick or arrow emoji (with its variation selector), "1.". */
const LIST_MARKER = /^\s*(?:[-•*]|\p{Extended_Pictographic}\uFE0F?|\d+[.)])\s*/u;
const isListLine = (line: string): boolean => LIST_MARKER.test(line);
const withoutMarker = (line: string): string => line.replace(LIST_MARKER, '').trim();

/** A point as written when it fits the picture's room whole; '' otherwise (a cut point reads as broken). */
const pointOf = (text: string, max: number): string => {
  const clean = squash(text.replace(/\p{Extended_Pictographic}\uFE0F?/gu, ''));
  return clean.length <= max ? clean : '';
};

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
    .filter((line) => line && !isInstruction(line));
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
      .filter((line) => !line.includes('?') && !isInstruction(line))
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
  const stat = FIGURE.exec(lines.join('\n'))?.[0]?.trim() ?? null;
  const brand = brandFactsOf(context.brand);
  const host = context.brand.websiteUrl ? hostOf(context.brand.websiteUrl) : '';
  const footer = [brand.company ?? context.brand.company, host].filter(Boolean).join(' · ').slice(0, 120);
  return {
    headline: headline || 'Our latest update',
    points,
    stat: stat && stat.length <= 24 && /\d/.test(stat) && /\p{L}{2}/u.test(stat) ? stat : null,
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
