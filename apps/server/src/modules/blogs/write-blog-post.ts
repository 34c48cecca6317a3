import { randomUUID } from 'node:crypto';
import { BLOG_MESSAGES } from '@sales-assist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type ContentItemRow, contentItems } from '../../db/schema';
import type { BlogPost } from '../../lib/writers/content-writer/types';
import { loadGenerationContext } from '../content/generation-context';
import { givePlanUnitsBack } from '../plan-limits/take-plan-units';
import { bodyOfSections } from './blog-html';
import { type BlogData, blogDataOf } from './blog-view';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'content'>;

/**
 * A run beats (touches updated_at) at least this often while it writes; a post silent for
 * BLOG_STALL_MS has lost its run (its process died) and another job may take it over.
 */
export const BLOG_HEARTBEAT_MS = 15_000;
export const BLOG_STALL_MS = 90_000;
/** Progress saves are spaced, so a streaming model does not write the row on every token. */
const PROGRESS_SAVE_MS = 1_000;
/** Reached once the writer is done and the post is being saved. */
const MAX_WRITING_PROGRESS = 95;

const META_MAX = 160;
const SLUG_MAX = 120;

/** The item this run holds: the other statements only touch it while `data.run` is still this run. */
const heldBy = (itemId: number, run: string) =>
  and(
    eq(contentItems.id, itemId),
    eq(contentItems.status, 'generating'),
    sql`${contentItems.data}->>'run' = ${run}`,
  );

/**
 * Takes the post for this run: only while it is 'generating' and no other live run holds it (none
 * ever did, the last one let go, or it has been silent for BLOG_STALL_MS). Answers null otherwise: the
 * post is written, failed, deleted, or being written by a live run.
 */
const claim = async (deps: Deps, itemId: number, run: string): Promise<ContentItemRow | null> => {
  const now = deps.clock.now();
  const stalledBefore = new Date(now.getTime() - BLOG_STALL_MS);
  const [row] = await deps.db
    .update(contentItems)
    .set({
      // A run taking over a stalled post drops the old run's place in the model's line with its token.
      data: sql`(${contentItems.data} - 'waitingForModel') || ${JSON.stringify({ run })}::jsonb`,
      progress: sql`greatest(${contentItems.progress}, 5)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(contentItems.id, itemId),
        eq(contentItems.kind, 'blog'),
        eq(contentItems.status, 'generating'),
        sql`(${contentItems.data}->>'run' is null or ${contentItems.updatedAt} < ${stalledBefore.toISOString()}::timestamptz)`,
      ),
    )
    .returning();
  return row ?? null;
};

/** Lets go of the post (an attempt that will be retried), so the retry may take it at once. */
const release = (deps: Deps, itemId: number, run: string) =>
  deps.db
    .update(contentItems)
    .set({ data: sql`${contentItems.data} - 'run' - 'waitingForModel'` })
    .where(heldBy(itemId, run));

/** Saves progress (never backwards) and beats; false when the run lost the post (deleted, taken over). */
const saveProgress = async (deps: Deps, itemId: number, run: string, percent: number): Promise<boolean> => {
  const progress = Math.max(5, Math.min(MAX_WRITING_PROGRESS, Math.round(percent)));
  const updated = await deps.db
    .update(contentItems)
    .set({ progress: sql`greatest(${contentItems.progress}, ${progress})`, updatedAt: deps.clock.now() })
    .where(heldBy(itemId, run))
    .returning({ id: contentItems.id });
  return updated.length > 0;
};

/**
 * Saves the post's place in the built-in model's line (null: not waiting) and beats; false when the run
 * lost the post. Merged into `data` with `||`, so the run's other fields stay as they are.
 */
const savePlace = async (deps: Deps, itemId: number, run: string, ahead: number | null): Promise<boolean> => {
  const updated = await deps.db
    .update(contentItems)
    .set({
      data: sql`${contentItems.data} || ${JSON.stringify({ waitingForModel: ahead })}::jsonb`,
      updatedAt: deps.clock.now(),
    })
    .where(heldBy(itemId, run))
    .returning({ id: contentItems.id });
  return updated.length > 0;
};

const cut = (text: string, max: number): string =>
  text.length <= max
    ? text
    : `${text
        .slice(0, max - 1)
        .replace(/\s+\S*$/, '')
        .trimEnd()}…`;

const slugOf = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '') || 'post';

/** The finished post, its text and its costs, in one statement; false when the run lost the post. */
const saveReady = async (
  deps: Deps,
  row: ContentItemRow,
  run: string,
  written: Awaited<ReturnType<Deps['content']['writeBlogPost']>>,
  prompt: { id: number; version: number },
): Promise<boolean> => {
  const post: BlogPost = written.result;
  const data = blogDataOf(row);
  const title = cut(post.title.trim() || data.topic, 200);
  const next: BlogData = {
    topic: data.topic,
    keywords: data.keywords,
    length: data.length,
    planPeriod: data.planPeriod,
    topicId: data.topicId ?? null,
    slug: slugOf(post.slug || title),
    metaDescription: cut(post.metaDescription.trim(), META_MAX),
    outline: post.outline,
    keywordsUsed: post.keywordsUsed,
    fallbackReason: written.fallbackReason ?? null,
  };
  const saved = await deps.db
    .update(contentItems)
    .set({
      status: 'ready',
      progress: 100,
      error: null,
      title,
      body: bodyOfSections(post.sections),
      data: next,
      writer: written.writer,
      model: written.model,
      promptId: prompt.id,
      promptVersion: prompt.version,
      promptTokens: sql`${contentItems.promptTokens} + ${written.usage.promptTokens}`,
      completionTokens: sql`${contentItems.completionTokens} + ${written.usage.completionTokens}`,
      updatedAt: deps.clock.now(),
    })
    .where(heldBy(row.id, run))
    .returning({ id: contentItems.id });
  return saved.length > 0;
};

/**
 * Ends a post that could not be written: failed, no text kept, and its 'blogs' unit given back, in
 * one transaction (so it never costs without a post, nor gives back twice).
 */
export const failBlogPost = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  itemId: number,
  run: string | null,
  reason: string,
): Promise<boolean> =>
  deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(contentItems)
      .set({
        status: 'failed',
        progress: 0,
        error: reason,
        body: '',
        data: sql`${contentItems.data} - 'run' - 'waitingForModel'`,
        updatedAt: deps.clock.now(),
      })
      .where(
        run === null
          ? and(eq(contentItems.id, itemId), eq(contentItems.status, 'generating'))
          : heldBy(itemId, run),
      )
      .returning();
    if (!failed) return false;
    const { planPeriod } = blogDataOf(failed);
    if (planPeriod) {
      await givePlanUnitsBack(tx, { userId: failed.userId, metric: 'blogs', period: planPeriod });
    }
    return true;
  });

/**
 * The 'write-blog-post' job. Takes the post, writes it with the content writer (progress and, while the
 * built-in model answers others first, the post's place in its line saved on the row as it goes, a beat
 * every BLOG_HEARTBEAT_MS), then saves it ready in one statement (which drops the place). A failed
 * attempt lets go and throws, so the queue retries it from the start (nothing was saved); the last
 * attempt fails the post and gives the unit back. A post deleted meanwhile stops the writer.
 */
export const writeBlogPost = async (
  deps: Deps,
  itemId: number,
  options: { lastAttempt: boolean },
): Promise<void> => {
  const run = randomUUID();
  const row = await claim(deps, itemId, run);
  if (!row) return;
  const data = blogDataOf(row);
  const abort = new AbortController();
  let lastSaved = 0;
  let saving: Promise<void> = Promise.resolve();
  const beat = (percent: number) => {
    saving = saving
      .then(() => saveProgress(deps, itemId, run, percent))
      .then((held) => {
        if (!held) abort.abort(new Error('the post was deleted or taken over'));
      })
      .catch(() => undefined);
  };
  // The post's place in the built-in model's line, saved through the same chain as progress. A change of
  // place is queued at once (the card shows it instead of the percentage); places told while a save is
  // still waiting are folded into the latest, so the row is written once per change it can show.
  let placeNow: number | null = null;
  let placeSaved: number | null = null;
  let placePending = false;
  const notePlace = (ahead: number) => {
    placeNow = ahead > 0 ? ahead : null;
    if (placePending) return;
    placePending = true;
    saving = saving
      .then(async () => {
        placePending = false;
        const place = placeNow;
        if (place === placeSaved) return;
        const held = await savePlace(deps, itemId, run, place);
        placeSaved = place;
        if (!held) abort.abort(new Error('the post was deleted or taken over'));
      })
      .catch(() => undefined);
  };
  let percentNow = 5;
  const heartbeat = setInterval(() => beat(percentNow), BLOG_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const context = await loadGenerationContext(deps, {
      userId: row.userId,
      purpose: 'blog_post',
      inputIds: row.inputIds,
      itemId,
    });
    const written = await deps.content.writeBlogPost(
      {
        ...context,
        signal: abort.signal,
        onProgress: (percent) => {
          percentNow = Math.max(percentNow, percent);
          const now = Date.now();
          if (now - lastSaved < PROGRESS_SAVE_MS) return;
          lastSaved = now;
          beat(percent);
        },
        onQueued: notePlace,
      },
      { topic: data.topic, keywords: data.keywords, length: data.length },
    );
    clearInterval(heartbeat);
    await saving;
    if (abort.signal.aborted) return;
    if (written.result.sections.length === 0) throw new Error('the writer answered a post without sections');
    await saveReady(deps, row, run, written, context.prompt);
  } catch (error) {
    clearInterval(heartbeat);
    await saving;
    if (abort.signal.aborted) return;
    if (options.lastAttempt) {
      await failBlogPost(deps, itemId, run, BLOG_MESSAGES.postFailed);
      return;
    }
    await release(deps, itemId, run);
    throw error;
  }
};
