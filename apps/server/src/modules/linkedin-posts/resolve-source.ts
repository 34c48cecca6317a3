import { LINKEDIN_POST_MESSAGES, type TLinkedinPostSource } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { contentItems, inputs } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { LinkedinPostData } from './compose-post';

/** As much of a source as a prompt holds well: a long blog post's first ~2,000 words. */
export const SOURCE_TEXT_MAX = 12_000;

export type ResolvedSource = {
  /** What the writer is asked to write about. */
  request: { topic?: string; sourceText?: string };
  /** Saved with each post: where it came from (and content_items.source_id for a blog post). */
  saved: LinkedinPostData['source'];
  sourceId: number | null;
};

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|tr)>|<br\s*\/?>/gi;

/** A blog post's HTML as plain text, paragraphs kept apart. */
export const plainTextOf = (html: string): string =>
  html
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const cut = (text: string): string =>
  text.length <= SOURCE_TEXT_MAX ? text : text.slice(0, SOURCE_TEXT_MAX);

/**
 * Reads the source of a generation before anything is written or streamed, so an unknown id, another
 * user's blog post or input (404), a blog post still being written or an image (4xx) answer as JSON.
 */
export const resolveSource = async (
  db: Db,
  userId: string,
  source: TLinkedinPostSource,
): Promise<ResolvedSource> => {
  switch (source.type) {
    case 'topic':
      return {
        request: { topic: source.topic },
        saved: { type: 'topic', label: source.topic, id: null },
        sourceId: null,
      };
    case 'blog': {
      const [blog] = await db
        .select({
          id: contentItems.id,
          title: contentItems.title,
          body: contentItems.body,
          status: contentItems.status,
        })
        .from(contentItems)
        .where(
          and(
            eq(contentItems.id, source.blog_id),
            eq(contentItems.userId, userId),
            eq(contentItems.kind, 'blog'),
          ),
        );
      if (!blog) throw notFound(LINKEDIN_POST_MESSAGES.blogNotFound);
      if (blog.status !== 'ready') throw new AppError(409, 'conflict', LINKEDIN_POST_MESSAGES.blogNotReady);
      const text = plainTextOf(blog.body);
      if (!text) throw new AppError(400, 'validation_error', LINKEDIN_POST_MESSAGES.emptySource);
      return {
        request: { topic: blog.title || undefined, sourceText: cut(`${blog.title}\n\n${text}`.trim()) },
        saved: { type: 'blog', label: blog.title, id: blog.id },
        sourceId: blog.id,
      };
    }
    case 'input': {
      const [input] = await db
        .select({ id: inputs.id, name: inputs.name, kind: inputs.kind, text: inputs.text })
        .from(inputs)
        .where(and(eq(inputs.id, source.input_id), eq(inputs.userId, userId)));
      if (!input) throw notFound(LINKEDIN_POST_MESSAGES.inputNotFound);
      if (input.kind !== 'text')
        throw new AppError(400, 'validation_error', LINKEDIN_POST_MESSAGES.inputNotText);
      const text = (input.text ?? '').trim();
      if (!text) throw new AppError(400, 'validation_error', LINKEDIN_POST_MESSAGES.emptySource);
      return {
        request: { sourceText: cut(text) },
        saved: { type: 'input', label: input.name, id: input.id },
        // source_id names content items only; the input is kept in data.source and input_ids.
        sourceId: null,
      };
    }
  }
};
