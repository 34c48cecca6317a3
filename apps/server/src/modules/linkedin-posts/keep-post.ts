import { LINKEDIN_POST_MAX, LINKEDIN_POST_MESSAGES, type TLinkedinPost } from '@sales-assist/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { contentItems, inputs } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { hashtagsIn, hookOf, type LinkedinPostData, titleOf } from './compose-post';
import { type GenerationReceipt, readReceipt } from './generation-receipt';
import { postView } from './post-view';
import { shareOf } from './save-posts';

type KeepRequest = { generation: string; variant: number; text: string };

/**
 * Where the kept post comes from, read again now: the receipt says which source the generation had, but
 * the source must still be the caller's (a blog post or input deleted since, or never theirs: 404), and
 * its label is today's title or name.
 */
const currentSource = async (
  db: DbOrTx,
  userId: string,
  source: GenerationReceipt['source'],
): Promise<GenerationReceipt['source']> => {
  if (source.type === 'topic' || source.id === null) return source;
  if (source.type === 'blog') {
    const [blog] = await db
      .select({ title: contentItems.title })
      .from(contentItems)
      .where(
        and(eq(contentItems.id, source.id), eq(contentItems.userId, userId), eq(contentItems.kind, 'blog')),
      );
    if (!blog) throw notFound(LINKEDIN_POST_MESSAGES.blogNotFound);
    return { ...source, label: blog.title };
  }
  const [input] = await db
    .select({ name: inputs.name })
    .from(inputs)
    .where(and(eq(inputs.id, source.id), eq(inputs.userId, userId)));
  if (!input) throw notFound(LINKEDIN_POST_MESSAGES.inputNotFound);
  return { ...source, label: input.name };
};

/** The grounding inputs the caller still has (one deleted since the writing is simply not named). */
const currentInputIds = async (db: DbOrTx, userId: string, ids: number[]): Promise<number[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: inputs.id })
    .from(inputs)
    .where(and(eq(inputs.userId, userId), inArray(inputs.id, ids)));
  const kept = new Set(rows.map((row) => row.id));
  return ids.filter((id) => kept.has(id));
};

/**
 * Keeps one variant of a generation as a draft: a 'linkedin_post' item like any other (History, the
 * calendar), written by whom the receipt says, from its source, with the variant's share of the call's
 * tokens. Nothing is charged here: the model budget counted the generation itself. Keeping the same
 * variant again answers the post already kept (`created: false`) instead of a second copy.
 */
export const keepPost = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  userId: string,
  request: KeepRequest,
): Promise<{ post: TLinkedinPost; created: boolean }> => {
  const receipt = readReceipt(deps.config.jwtSecret, request.generation);
  if (!receipt) throw new AppError(400, 'validation_error', LINKEDIN_POST_MESSAGES.receiptInvalid);
  // Another user's generation is as unknown to the caller as another user's post.
  if (receipt.user !== userId) throw notFound(LINKEDIN_POST_MESSAGES.generationNotFound);
  if (request.variant >= receipt.variants)
    throw new AppError(400, 'validation_error', LINKEDIN_POST_MESSAGES.variantNotFound);
  const text = request.text.replace(/\r\n/g, '\n');
  // The contract counts before line endings become one character each; counted again as LinkedIn will.
  if (text.length > LINKEDIN_POST_MAX)
    throw new AppError(400, 'validation_error', LINKEDIN_POST_MESSAGES.tooLong);

  const source = await currentSource(deps.db, userId, receipt.source);
  const groundedIn = await currentInputIds(deps.db, userId, receipt.inputIds);
  const inputIds = [
    ...new Set([...(source.type === 'input' && source.id ? [source.id] : []), ...groundedIn]),
  ];

  return deps.db.transaction(async (tx) => {
    // Two keeps of one variant at once (a double click, a retry racing the first) wait for each other
    // here, so the second finds the first's post.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`linkedin-keep:${receipt.id}:${request.variant}`}))`,
    );
    const [already] = await tx
      .select()
      .from(contentItems)
      .where(
        and(
          eq(contentItems.userId, userId),
          eq(contentItems.kind, 'linkedin_post'),
          // On the (user, kind, created_at) index: only posts made since the generation are read.
          gte(contentItems.createdAt, new Date(receipt.at)),
          sql`${contentItems.data}->>'generation' = ${receipt.id}`,
          sql`${contentItems.data}->>'variant' = ${String(request.variant)}`,
        ),
      )
      .limit(1);
    if (already) return { post: postView(already), created: false };

    const hook = hookOf(text);
    const now = deps.clock.now();
    const [row] = await tx
      .insert(contentItems)
      .values({
        userId,
        kind: 'linkedin_post',
        status: 'ready',
        progress: 100,
        title: titleOf(hook),
        body: text,
        data: {
          hook,
          hashtags: hashtagsIn(text),
          status: 'draft',
          source,
          variant: request.variant,
          variants: receipt.variants,
          generation: receipt.id,
        } satisfies LinkedinPostData,
        writer: receipt.writer,
        model: receipt.model,
        promptId: receipt.prompt.id,
        promptVersion: receipt.prompt.version,
        sourceId: source.type === 'blog' ? source.id : null,
        inputIds,
        promptTokens: shareOf(receipt.tokens.prompt, receipt.variants, request.variant),
        completionTokens: shareOf(receipt.tokens.completion, receipt.variants, request.variant),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('The kept LinkedIn post was not saved');
    return { post: postView(row), created: true };
  });
};
