import type { TBlogCard, TBlogLength, TBlogPost, TBlogTopic } from '@sales-assist/contract';
import type { ContentItemRow } from '../../db/schema';
import { sectionsOfBody, textOfBody, wordCountOf } from './blog-html';
import { blogReviewOf } from './blog-review';

/** Where a post's picture comes from (read and drawn by blog-picture.ts). */
export type BlogPictureChoice = { source: 'theme'; themeId: number } | { source: 'input'; inputId: number };

/** The kind-specific fields a blog post keeps in content_items.data. */
export type BlogData = {
  topic: string;
  keywords: string[];
  length: TBlogLength;
  slug?: string;
  metaDescription?: string;
  outline?: string[];
  keywordsUsed?: string[];
  fallbackReason?: string | null;
  /** The month its 'blogs' unit was taken from, so a failure gives it back to the right one. */
  planPeriod: string;
  topicId?: number | null;
  /** Its picture, WordPress's featured image (blog-picture.ts); null or absent: none. */
  picture?: BlogPictureChoice | null;
  /** The job run writing it now (write-blog-post.ts); absent when no run holds it. */
  run?: string;
  /**
   * While its run waits for the built-in model: the answers ahead of its next step (write-blog-post.ts);
   * null or absent when not waiting. Read by `waitingForModelOf`, never carried over by `blogDataOf`.
   */
  waitingForModel?: number | null;
};

/** A topic suggestion's fields in content_items.data. */
export type TopicData = {
  angle: string;
  keywords: string[];
  seedKeywords: string[];
  fallbackReason?: string | null;
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const pictureOf = (value: unknown): BlogPictureChoice | null => {
  const picture = value as Partial<{ source: string; themeId: unknown; inputId: unknown }> | null | undefined;
  if (picture?.source === 'theme' && typeof picture.themeId === 'number')
    return { source: 'theme', themeId: picture.themeId };
  if (picture?.source === 'input' && typeof picture.inputId === 'number')
    return { source: 'input', inputId: picture.inputId };
  return null;
};

export const blogDataOf = (row: Pick<ContentItemRow, 'data' | 'title'>): BlogData => {
  const data = row.data as Partial<BlogData>;
  return {
    topic: typeof data.topic === 'string' ? data.topic : row.title,
    keywords: strings(data.keywords),
    length: data.length === 'short' || data.length === 'long' ? data.length : 'medium',
    slug: typeof data.slug === 'string' ? data.slug : '',
    metaDescription: typeof data.metaDescription === 'string' ? data.metaDescription : '',
    outline: strings(data.outline),
    keywordsUsed: strings(data.keywordsUsed),
    fallbackReason: typeof data.fallbackReason === 'string' ? data.fallbackReason : null,
    planPeriod: typeof data.planPeriod === 'string' ? data.planPeriod : '',
    topicId: typeof data.topicId === 'number' ? data.topicId : null,
    picture: pictureOf(data.picture),
  };
};

/** The answers the built-in model gives before the post's next step; null unless it is being written and waits. */
const waitingForModelOf = (row: Pick<ContentItemRow, 'data' | 'status'>): number | null => {
  const ahead = (row.data as Partial<BlogData>).waitingForModel;
  return row.status === 'generating' && typeof ahead === 'number' && Number.isInteger(ahead) && ahead >= 1
    ? ahead
    : null;
};

const EXCERPT_MAX = 220;

export const excerptOf = (html: string, metaDescription: string): string => {
  const text = metaDescription || textOfBody(html);
  return text.length <= EXCERPT_MAX ? text : `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
};

export const blogCardOf = (row: ContentItemRow): TBlogCard => {
  const data = blogDataOf(row);
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    waiting_for_model: waitingForModelOf(row),
    error: row.error,
    topic: data.topic,
    title: row.title,
    slug: data.slug ?? '',
    meta_description: data.metaDescription ?? '',
    keywords: data.keywords,
    keywords_used: data.keywordsUsed ?? [],
    length: data.length,
    word_count: wordCountOf(row.body),
    review: blogReviewOf(row, data),
    picture: data.picture
      ? {
          source: data.picture.source,
          theme_id: data.picture.source === 'theme' ? data.picture.themeId : null,
          input_id: data.picture.source === 'input' ? data.picture.inputId : null,
        }
      : null,
    writer: row.writer,
    model: row.model,
    fallback_reason: data.fallbackReason ?? null,
    input_ids: row.inputIds,
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    excerpt: excerptOf(row.body, data.metaDescription ?? ''),
  };
};

export const blogPostOf = (row: ContentItemRow): TBlogPost => {
  const { excerpt: _excerpt, ...card } = blogCardOf(row);
  return {
    ...card,
    outline: blogDataOf(row).outline ?? [],
    body_html: row.body,
    sections: sectionsOfBody(row.body).map((section, index) => ({ index, heading: section.heading })),
  };
};

export const blogTopicOf = (row: ContentItemRow): TBlogTopic => {
  const data = row.data as Partial<TopicData>;
  return {
    id: row.id,
    title: row.title,
    angle: typeof data.angle === 'string' ? data.angle : '',
    keywords: strings(data.keywords),
    writer: row.writer,
    created_at: row.createdAt.toISOString(),
  };
};
