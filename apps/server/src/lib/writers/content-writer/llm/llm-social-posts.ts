import {
  INFOGRAPHIC_HEADLINE_MAX,
  INFOGRAPHIC_POINT_MAX,
  INFOGRAPHIC_POINTS_MAX,
  SOCIAL_LIMITS,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  type TSocialNetwork,
} from '@sales-assist/contract';
import { z } from 'zod';
import { AiUnusableAnswer } from '../../../clients/ai/ai-errors';
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
import { ZText } from './answer-fields';
import { contentMessages, inlineValue, sourceText } from './content-messages';
import type { StepKit } from './step-kit';

/** The networks and their limits, in words for the prompt's {networks}. */
export const networksInWords = (networks: readonly TSocialNetwork[]): string =>
  networks
    .map((network) => {
      const limits = SOCIAL_LIMITS[network];
      const tags = limits.hashtags === null ? '' : `, at most ${limits.hashtags} hashtags`;
      return `${SOCIAL_NETWORK_LABELS[network]} (at most ${limits.max.toLocaleString('en-US')} characters, best under ${limits.recommended.toLocaleString('en-US')}${tags})`;
    })
    .join('; ');

const ZPostsAnswer = z.object({
  posts: z
    .array(
      z.object({
        network: z
          .string()
          .transform((value) => value.trim().toLowerCase())
          .pipe(z.enum(SOCIAL_NETWORKS)),
        text: z.string().transform((text) => text.trim()),
      }),
    )
    .min(1),
});

/** The Text Post step: one post per network in one JSON answer, each fitted to its network. */
export const writeSocialPostsWithModel = async (
  kit: StepKit,
  request: SocialPostsRequest,
): Promise<SocialPostDraft[]> => {
  const topic = inlineValue(request.topic, 300);
  const source = request.sourceText?.trim() ? sourceText(request.sourceText.trim()) : '';
  const networks = [...request.networks];
  const { object } = await kit.ai.generateObject({
    messages: contentMessages({
      task: 'social_posts',
      context: kit.context,
      values: {
        topic,
        count: String(networks.length),
        networks: networksInWords(networks),
        source: source ? 'the text in the "source" data block below' : '',
      },
      data: {
        request: { topic: topic || null, networks },
        ...(source ? { source } : {}),
      },
      answer: [
        `A JSON object {"posts": [...]} with exactly one item per network (${networks.join(', ')}), each {"network": one of ${networks.map((network) => `"${network}"`).join(', ')}, "text": string}.`,
        'Each text is the whole post as published on that network: plain text with line breaks, no Markdown, its hashtags together on its last line.',
        `Limits: ${networksInWords(networks)}.`,
      ].join('\n'),
    }),
    schema: ZPostsAnswer,
    shapeHint: '{"posts": [{"network", "text"}]}',
    signal: kit.signal,
    onUsage: kit.onUsage,
  });
  return networks.map((network) => {
    const answered = object.posts.find((post) => post.network === network && post.text);
    if (!answered) throw new AiUnusableAnswer('answered JSON of the wrong shape');
    const fitted = fitSocialText(network, answered.text);
    return { network, text: fitted.text, hashtags: fitted.hashtags };
  });
};

const ZSelectionAnswer = z.object({
  headline: ZText.pipe(z.string().min(1)),
  points: z
    .union([z.array(z.string()), z.string().transform((text) => text.split('\n'))])
    .default([])
    .transform((points) => points.map((point) => point.replace(/\s+/g, ' ').trim()).filter(Boolean)),
  stat: z
    .union([z.string(), z.number()])
    .nullable()
    .default(null)
    .transform((stat) => (stat === null ? null : String(stat).trim() || null)),
});

const digitsOf = (text: string): string => text.replace(/[^\d]/g, '');

/** A figure the picture may show: only one whose digits the post itself states. */
export const statFromText = (stat: string | null, postText: string): string | null => {
  if (!stat || stat.length > 24) return null;
  const digits = digitsOf(stat);
  if (!digits) return null;
  const inText = (postText.match(/\d[\d,.]*/g) ?? []).map(digitsOf);
  return inText.includes(digits) ? stat : null;
};

/** The brand's name and site, as every picture's footer (never the model's words). */
export const footerOf = (context: ContentContext): string => {
  let host = '';
  try {
    host = context.brand.websiteUrl ? new URL(context.brand.websiteUrl).host.replace(/^www\./, '') : '';
  } catch {
    host = '';
  }
  return [context.brand.company, host].filter(Boolean).join(' · ').slice(0, 120);
};

/**
 * The Selection step: the theme's Selection prompt picks the picture's headline, points and figure
 * from the post. A figure the post does not state is dropped, and the footer is the brand profile's.
 */
export const selectInfographicContentWithModel = async (
  kit: StepKit,
  request: InfographicSelectionRequest,
): Promise<InfographicSelection> => {
  const { body } = splitHashtags(request.postText);
  const { object } = await kit.ai.generateObject({
    messages: contentMessages({
      task: 'social_selection',
      context: kit.context,
      values: { source: 'the post in the "source" data block below', topic: '' },
      data: { request: { network: request.network }, source: sourceText(body) },
      answer: `A JSON object {"headline": string (at most ${INFOGRAPHIC_HEADLINE_MAX} characters), "points": string[] (0 to ${INFOGRAPHIC_POINTS_MAX}, each at most ${INFOGRAPHIC_POINT_MAX} characters), "stat": string or null (a figure the post states, at most 24 characters; null when it states none)}. Take every word from the post.`,
    }),
    schema: ZSelectionAnswer,
    shapeHint: '{"headline", "points", "stat"}',
    signal: kit.signal,
    onUsage: kit.onUsage,
  });
  const headline =
    shortenText(object.headline, INFOGRAPHIC_HEADLINE_MAX) ||
    object.headline.slice(0, INFOGRAPHIC_HEADLINE_MAX);
  return {
    headline,
    points: object.points
      .map((point) => shortenText(point, INFOGRAPHIC_POINT_MAX))
      .filter(Boolean)
      .slice(0, INFOGRAPHIC_POINTS_MAX),
    stat: statFromText(object.stat, body),
    footer: footerOf(kit.context),
  };
};

/** Long enough for a rich description, short enough for any image model's prompt. */
const IMAGE_DESCRIPTION_MAX = 1_000;

/** The Image step: the theme's Image prompt describes a picture for the image model. */
export const describeSocialImageWithModel = async (
  kit: StepKit,
  request: SocialImageRequest,
): Promise<string> => {
  const { body } = splitHashtags(request.postText);
  const { text } = await kit.ai.completeText({
    messages: contentMessages({
      task: 'social_image',
      context: kit.context,
      values: {
        topic: inlineValue(request.topic, 300),
        source: 'the post in the "source" data block below',
        networks: networksInWords([request.network]),
      },
      data: { request: { network: request.network }, source: sourceText(body) },
      answer: 'Only the description of the picture, in plain text, 2 to 4 sentences.',
    }),
    signal: kit.signal,
    onUsage: kit.onUsage,
  });
  const description = text.replace(/\s+/g, ' ').trim();
  if (!description) throw new AiUnusableAnswer('answered no text');
  return shortenText(description, IMAGE_DESCRIPTION_MAX);
};
