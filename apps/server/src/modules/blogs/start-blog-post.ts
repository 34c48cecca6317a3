import {
  BLOG_MESSAGES,
  type TBlogResponse,
  type TGenerateBlogRequest,
  ZGenerateBlogRequest,
} from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems, type UserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { loadGenerationContext } from '../content/generation-context';
import { givePlanUnitsBack, takePlanUnits } from '../plan-limits/take-plan-units';
import type { BlogData } from './blog-view';
import { blogPostOf } from './blog-view';
import { findOwnItem } from './find-blog';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'content' | 'jobs'>;

/** Queues the job that writes a post; one waiting job per post however often it is queued ('short' policy). */
export const queueBlogPost = (jobs: AppDeps['jobs'], itemId: number): Promise<void> =>
  jobs.send('write-blog-post', { itemId }, { singletonKey: `blog-${itemId}` });

/**
 * Starts writing a blog post: the item ('generating', progress 0) and its 'blogs' unit are created
 * together in one transaction, so two requests at the last unit never both pass; the writing itself is
 * a job (write-blog-post.ts). The inputs and the topic are checked first, so a refused request costs
 * nothing. Should the job not be queued, the item fails and the unit comes back at once.
 */
export const startBlogPost = async (
  deps: Deps,
  user: Pick<UserRow, 'id' | 'subscriptionType'>,
  input: TGenerateBlogRequest,
): Promise<TBlogResponse> => {
  const request = ZGenerateBlogRequest.parse(input);
  if (request.topic_id !== undefined) await findOwnItem(deps.db, user.id, request.topic_id, 'blog_topic');
  // Refuses another user's (or an unknown) input with a 404 before anything is counted.
  await loadGenerationContext(deps, { userId: user.id, purpose: 'blog_post', inputIds: request.input_ids });
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const { period } = await takePlanUnits(tx, {
      userId: user.id,
      metric: 'blogs',
      now,
    });
    const data: BlogData = {
      topic: request.topic,
      keywords: request.keywords,
      length: request.length,
      planPeriod: period,
      topicId: request.topic_id ?? null,
    };
    const [created] = await tx
      .insert(contentItems)
      .values({
        userId: user.id,
        kind: 'blog',
        status: 'generating',
        progress: 0,
        title: request.topic,
        data,
        writer: deps.content.kind,
        sourceId: request.topic_id ?? null,
        inputIds: request.input_ids,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('the blog post was not created');
    return created;
  });
  try {
    await queueBlogPost(deps.jobs, row.id);
  } catch {
    await deps.db.transaction(async (tx) => {
      const failed = await tx
        .update(contentItems)
        .set({ status: 'failed', progress: 0, error: BLOG_MESSAGES.queueFailed, updatedAt: deps.clock.now() })
        .where(and(eq(contentItems.id, row.id), eq(contentItems.status, 'generating')))
        .returning({ id: contentItems.id });
      if (failed.length > 0) {
        await givePlanUnitsBack(tx, {
          userId: user.id,
          metric: 'blogs',
          period: (row.data as BlogData).planPeriod,
        });
      }
    });
    throw new AppError(503, 'queue_unavailable', BLOG_MESSAGES.queueFailed);
  }
  return { blog: blogPostOf(row) };
};
