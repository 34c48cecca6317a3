import {
  BLOG_MESSAGES,
  type TBlogResponse,
  type TRegenerateSectionRequest,
  ZRegenerateSectionRequest,
} from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { BlogPost, BlogSection, Written } from '../../lib/writers/content-writer/types';
import { loadGenerationContext } from '../content/generation-context';
import { bodyOfSections, sanitizeBlogHtml, sectionsOfBody } from './blog-html';
import { blogDataOf } from './blog-view';
import { findReadyBlog, saveReadyBlog } from './ready-blog';

/**
 * Rewrites one `<h2>` section of a ready post and saves the post with it. Short work, answered
 * directly; it costs no plan unit (the post was paid for), but its tokens are added to the post. The
 * editor's unsaved body may come along, so the user's other edits are kept; if the writer fails,
 * nothing is saved.
 */
export const regenerateSection = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'content'>,
  userId: string,
  id: number,
  input: TRegenerateSectionRequest,
): Promise<TBlogResponse> => {
  const request = ZRegenerateSectionRequest.parse(input);
  const row = await findReadyBlog(deps.db, userId, id);
  const body = request.body_html === undefined ? row.body : sanitizeBlogHtml(request.body_html);
  const sections = sectionsOfBody(body);
  const target = sections[request.section_index];
  if (!target) throw new AppError(400, 'section_not_found', BLOG_MESSAGES.sectionNotFound);
  const data = blogDataOf(row);
  const post: BlogPost = {
    title: row.title,
    slug: data.slug ?? '',
    metaDescription: data.metaDescription ?? '',
    outline: data.outline ?? [],
    sections,
    keywordsUsed: data.keywordsUsed ?? [],
  };
  const context = await loadGenerationContext(deps, {
    userId,
    purpose: 'blog_section',
    inputIds: row.inputIds,
    itemId: id,
  });
  let written: Written<BlogSection>;
  try {
    written = await deps.content.rewriteSection(context, {
      post,
      sectionIndex: request.section_index,
      ...(request.instruction ? { instruction: request.instruction } : {}),
    });
  } catch {
    throw new AppError(502, 'generation_failed', BLOG_MESSAGES.sectionFailed);
  }
  // The heading stays the section's own (the writer is asked to keep it; this makes sure of it).
  const rewritten: BlogSection = { heading: target.heading, html: written.result.html };
  const nextBody = bodyOfSections(
    sections.map((section, index) => (index === request.section_index ? rewritten : section)),
  );
  return saveReadyBlog(deps.db, userId, id, {
    body: nextBody,
    promptTokens: sql`${contentItems.promptTokens} + ${written.usage.promptTokens}`,
    completionTokens: sql`${contentItems.completionTokens} + ${written.usage.completionTokens}`,
    updatedAt: deps.clock.now(),
  });
};
