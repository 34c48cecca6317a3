import {
  BLOG_MESSAGES,
  type TSuggestBlogTopicsRequest,
  type TSuggestBlogTopicsResponse,
  ZSuggestBlogTopicsRequest,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { contentItems, type UserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { BlogTopic, Written } from '../../lib/writers/content-writer/types';
import { loadGenerationContext } from '../content/generation-context';
import { limitOf, planAllowanceOf, unitsUsed } from '../plan-limits/plan-allowance';
import { givePlanUnitsBack, takePlanUnits } from '../plan-limits/take-plan-units';
import { blogTopicOf, type TopicData } from './blog-view';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'content'>;

/** Shares a call's tokens out over the items it made, so the items add up to the call. */
const shareOf = (total: number, parts: number, index: number): number =>
  Math.floor(total / parts) + (index < total % parts ? 1 : 0);

/**
 * Suggests blog topics and keeps each as a 'blog_topic' item (History shows them). Each topic costs one
 * 'blog_topics' unit: as many as asked are taken before the writer runs, but never more than the period
 * has left (the answer says how many remain); any the writer did not deliver, or all of them when it
 * failed, are given back. The writer runs outside any transaction, so a slow model holds no lock.
 */
export const suggestBlogTopics = async (
  deps: Deps,
  user: Pick<UserRow, 'id' | 'subscriptionType' | 'websiteUrl'>,
  input: TSuggestBlogTopicsRequest,
): Promise<TSuggestBlogTopicsResponse> => {
  const request = ZSuggestBlogTopicsRequest.parse(input);
  if (!user.websiteUrl && request.seed_keywords.length === 0) {
    throw new AppError(400, 'website_required', BLOG_MESSAGES.noWebsite);
  }
  const context = await loadGenerationContext(deps, { userId: user.id, purpose: 'blog_topics' });
  const now = deps.clock.now();
  const { period, units, limit } = await deps.db.transaction(async (tx) => {
    const allowance = await planAllowanceOf(tx, user.id, now);
    const limit = limitOf(allowance.limits, 'blog_topics');
    const left = limit - (await unitsUsed(tx, user.id, 'blog_topics', allowance.period));
    // At least one is asked for, so a period with none left answers the premium pop-up's 402.
    const wanted = Math.max(1, Math.min(request.count, left));
    const taken = await takePlanUnits(tx, { userId: user.id, metric: 'blog_topics', units: wanted, now });
    return { period: taken.period, units: wanted, limit };
  });
  const giveBack = (count: number) =>
    count > 0
      ? deps.db.transaction((tx) =>
          givePlanUnitsBack(tx, { userId: user.id, metric: 'blog_topics', period, units: count }),
        )
      : Promise.resolve();

  let written: Written<BlogTopic[]>;
  try {
    written = await deps.content.suggestTopics(context, {
      seedKeywords: request.seed_keywords,
      count: units,
    });
  } catch {
    await giveBack(units);
    throw new AppError(502, 'generation_failed', BLOG_MESSAGES.topicsFailed);
  }
  const topics = written.result.filter((topic) => topic.title.trim() !== '').slice(0, units);
  if (topics.length === 0) {
    await giveBack(units);
    // Without a model, no topic means nothing of the user's to take one from: theirs to add, not a failure.
    if (written.writer === 'offline')
      throw new AppError(400, 'validation_error', BLOG_MESSAGES.noTopicMaterial);
    throw new AppError(502, 'generation_failed', BLOG_MESSAGES.topicsFailed);
  }
  const saved = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(contentItems)
      .values(
        topics.map((topic, index) => ({
          userId: user.id,
          kind: 'blog_topic' as const,
          status: 'ready' as const,
          progress: 100,
          title: topic.title.trim().slice(0, 200),
          body: topic.angle,
          data: {
            angle: topic.angle,
            keywords: topic.keywords,
            seedKeywords: request.seed_keywords,
            fallbackReason: written.fallbackReason ?? null,
          } satisfies TopicData,
          writer: written.writer,
          model: written.model,
          promptId: context.prompt.id,
          promptVersion: context.prompt.version,
          promptTokens: shareOf(written.usage.promptTokens, topics.length, index),
          completionTokens: shareOf(written.usage.completionTokens, topics.length, index),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    if (topics.length < units) {
      await givePlanUnitsBack(tx, {
        userId: user.id,
        metric: 'blog_topics',
        period,
        units: units - topics.length,
      });
    }
    return { rows, used: await unitsUsed(tx, user.id, 'blog_topics', period) };
  });
  return {
    // In the writer's order (its best first).
    topics: saved.rows.sort((a, b) => a.id - b.id).map(blogTopicOf),
    remaining: Math.max(0, limit - saved.used),
    writer: written.writer,
    fallback_reason: written.fallbackReason ?? null,
  };
};
