import { AiAbortedError, aiFailureReason, isAiAborted } from '../../../clients/ai/ai-errors';
import { type AiClient, type AiUsageEntry, addUsage, NO_USAGE } from '../../../clients/ai/types';
import type { WriterLog } from '../../message-writer/types';
import type { ContentContext, ContentWriter, Written } from '../types';
import { rewriteSectionWithModel, writeBlogPostWithModel } from './llm-blog-post';
import { suggestKeywordsWithModel } from './llm-keywords';
import { writeLinkedinPostsWithModel } from './llm-linkedin-posts';
import { rewriteSearchAdFieldWithModel, writeSearchAdWithModel } from './llm-search-ads';
import {
  describeSocialImageWithModel,
  selectInfographicContentWithModel,
  writeSocialPostsWithModel,
} from './llm-social-posts';
import { suggestTopicsWithModel } from './llm-topics';
import { type StepKit, tellingPlace } from './step-kit';

/** Pino's methods need their logger as `this`: never call one detached. */
const warnOn =
  (log: WriterLog) =>
  (obj: object, message: string): void => {
    if (log.warn) log.warn(obj, message);
    else log.info(obj, message);
  };

export type RecordAiUsage = (entry: AiUsageEntry) => Promise<void>;

/**
 * Content from an OpenAI-compatible model. Each generation's calls record their tokens (ai_usage) as
 * they finish; any failure of the model (time-out, HTTP error, unusable answer, a stream cut off) makes
 * the offline writer write it instead, with `fallbackReason` set and one warning in the log, naming the
 * reason only. A generation whose caller went away (an aborted signal) throws instead: nothing is saved.
 */
export const createLlmContentWriter = (
  ai: AiClient,
  options: { log: WriterLog; offline: ContentWriter; recordUsage?: RecordAiUsage },
): ContentWriter => {
  const { log, offline, recordUsage } = options;
  const warn = warnOn(log);

  const generate = async <T>(
    context: ContentContext,
    purpose: string,
    what: string,
    withModel: (kit: StepKit) => Promise<T>,
    withoutModel: () => Promise<Written<T>>,
  ): Promise<Written<T>> => {
    const recordings: Promise<void>[] = [];
    let usage = NO_USAGE;
    let streamed = false;
    const kit: StepKit = {
      ai: tellingPlace(ai, context.onQueued),
      context,
      signal: context.signal,
      onUsage: (used) => {
        usage = addUsage(usage, used);
        if (!recordUsage) return;
        const entry = {
          userId: context.userId,
          itemId: context.itemId ?? null,
          purpose,
          model: ai.model,
          usage: used,
        };
        recordings.push(
          recordUsage(entry).catch((error: unknown) => {
            const message = 'AI usage could not be recorded';
            warn({ purpose, error: error instanceof Error ? error.message : 'failed' }, message);
          }),
        );
      },
      onDelta: context.onDelta
        ? (delta) => {
            streamed = true;
            context.onDelta?.(delta);
          }
        : undefined,
    };
    try {
      const result = await withModel(kit);
      await Promise.all(recordings);
      return { result, writer: 'llm', model: ai.model, usage };
    } catch (error) {
      await Promise.all(recordings);
      // The person went away: nothing is written for them, not even offline.
      if (isAiAborted(error)) throw error;
      if (context.signal?.aborted) throw new AiAbortedError();
      const reason = aiFailureReason(error);
      const entry = { userId: context.userId, itemId: context.itemId, model: ai.model, reason };
      warn(entry, `LLM ${reason}: the offline writer wrote ${what} instead`);
      if (streamed) context.onRestart?.();
      const written = await withoutModel();
      return { ...written, fallbackReason: reason };
    }
  };

  return {
    kind: 'llm',
    suggestTopics: (context, request) =>
      generate(
        context,
        'blog_topics',
        'blog topics',
        (kit) => suggestTopicsWithModel(kit, request),
        () => offline.suggestTopics(context, request),
      ),
    writeBlogPost: (context, request) =>
      generate(
        context,
        'blog_post',
        'a blog post',
        (kit) => writeBlogPostWithModel(kit, request),
        () => offline.writeBlogPost(context, request),
      ),
    rewriteSection: (context, request) =>
      generate(
        context,
        'blog_section',
        'a blog section',
        (kit) => rewriteSectionWithModel(kit, request),
        () => offline.rewriteSection(context, request),
      ),
    writeLinkedinPosts: (context, request) =>
      generate(
        context,
        'linkedin_post',
        'LinkedIn posts',
        (kit) => writeLinkedinPostsWithModel(kit, request),
        () => offline.writeLinkedinPosts(context, request),
      ),
    writeSocialPosts: (context, request) =>
      generate(
        context,
        'social_post',
        'social posts',
        (kit) => writeSocialPostsWithModel(kit, request),
        () => offline.writeSocialPosts(context, request),
      ),
    selectInfographicContent: (context, request) =>
      generate(
        context,
        'infographic',
        "a picture's content",
        (kit) => selectInfographicContentWithModel(kit, request),
        () => offline.selectInfographicContent(context, request),
      ),
    describeSocialImage: (context, request) =>
      generate(
        context,
        'social_image',
        'an image description',
        (kit) => describeSocialImageWithModel(kit, request),
        () => offline.describeSocialImage(context, request),
      ),
    suggestKeywords: (context, request) =>
      generate(
        context,
        'keywords',
        'keyword ideas',
        (kit) => suggestKeywordsWithModel(kit, request),
        () => offline.suggestKeywords(context, request),
      ),
    writeSearchAd: (context, request) =>
      generate(
        context,
        'ad_copy',
        'a search ad',
        (kit) => writeSearchAdWithModel(kit, request),
        () => offline.writeSearchAd(context, request),
      ),
    rewriteSearchAdField: (context, request) =>
      generate(
        context,
        'ad_copy',
        'a search ad field',
        (kit) => rewriteSearchAdFieldWithModel(kit, request),
        () => offline.rewriteSearchAdField(context, request),
      ),
  };
};
