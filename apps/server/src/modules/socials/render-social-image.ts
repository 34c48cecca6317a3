import { SOCIAL_MESSAGES } from '@sales-assist/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type ContentItemRow, contentItems } from '../../db/schema';
import { AiUnusableAnswer, aiFailureReason } from '../../lib/clients/ai/ai-errors';
import { recordAiUsage } from '../../lib/clients/ai/record-ai-usage';
import { labelledFigure } from '../../lib/writers/content-writer/guards/labelled-figure';
import { loadGenerationContext } from '../content/generation-context';
import { renderThemePicture } from '../infographics/render-theme-picture';
import { templatePrompts } from '../templates/template-prompts';
import {
  EXTENSION_OF_MIME,
  type SocialImageData,
  type SocialPostData,
  socialDataOf,
  socialImageKey,
} from './social-data';

/**
 * A picture still 'rendering' this long after its job was queued lost its job (the process died, the
 * queue lost it): it is queued again when its owner looks at it. Longer than the image model's time
 * limit plus the Selection or Image step.
 */
export const IMAGE_STALL_MS = 5 * 60_000;

/** One waiting job per picture version, however often it is queued. */
export const queueSocialImage = (jobs: AppDeps['jobs'], itemId: number, version: number): Promise<void> =>
  jobs.send(
    'render-social-image',
    { itemId, version },
    { singletonKey: `social-image-${itemId}-${version}` },
  );

type Made = Pick<
  SocialImageData,
  | 'storageKey'
  | 'cacheKey'
  | 'owned'
  | 'mime'
  | 'width'
  | 'height'
  | 'content'
  | 'description'
  | 'fallbackReason'
  | 'fitNotes'
>;
type Tokens = { promptTokens: number; completionTokens: number };

/**
 * One picture from the image model, kept in ai_usage (no tokens: an images endpoint reports none) so it
 * counts against the plan's allowance of AI requests like any model call.
 */
const recordPicture = (deps: AppDeps, row: ContentItemRow): Promise<void> =>
  deps.imageModel
    ? recordAiUsage(deps.db, {
        userId: row.userId,
        itemId: row.id,
        purpose: 'social_picture',
        model: deps.imageModel.model,
        usage: { promptTokens: 0, completionTokens: 0 },
      })
    : Promise.resolve();

/**
 * The picture of one post: the theme's infographic drawn from what the Selection step takes from the
 * post, or an image model's picture from the Image step's description. A model that fails (or is no
 * longer configured) gives way to the theme's infographic, with the reason kept for the screen.
 */
const makePicture = async (
  deps: AppDeps,
  row: ContentItemRow,
  data: SocialPostData,
  tokens: Tokens,
): Promise<Made> => {
  const themeId = data.image.themeId ?? data.themeId;
  // The picture is made from the post alone: the grounding inputs may be gone since.
  const context = await loadGenerationContext(deps, {
    userId: row.userId,
    purpose: 'infographic',
    itemId: row.id,
  });
  const prompts = await templatePrompts(deps.db, themeId);
  const count = (usage: Tokens) => {
    tokens.promptTokens += usage.promptTokens;
    tokens.completionTokens += usage.completionTokens;
  };

  const themePicture = async (fallbackReason: string | null): Promise<Made> => {
    const selected = await deps.content.selectInfographicContent(
      { ...context, prompt: prompts.selection },
      { postText: row.body, network: data.network },
    );
    count(selected.usage);
    // Whichever writer chose it, a figure is drawn only with the words that say what it counts.
    const content = { ...selected.result, stat: labelledFigure(selected.result.stat, row.body) };
    // The picture will be served: a cached one whose file was lost is drawn again.
    const picture = await renderThemePicture(deps, {
      themeId,
      content,
      ensureStored: true,
      forUser: row.userId,
    });
    return {
      storageKey: picture.storageKey,
      cacheKey: picture.cacheKey,
      owned: false,
      mime: picture.mime,
      width: picture.width,
      height: picture.height,
      content,
      description: null,
      fallbackReason,
      fitNotes: picture.fit.notes,
    };
  };

  if (data.image.source !== 'model') return themePicture(null);
  if (!deps.imageModel) return themePicture(SOCIAL_MESSAGES.noImageModel);
  const described = await deps.content.describeSocialImage(
    { ...context, prompt: prompts.image },
    {
      postText: row.body,
      topic: data.source.type === 'topic' ? data.source.label : '',
      network: data.network,
    },
  );
  count(described.usage);
  let generated: Awaited<ReturnType<NonNullable<AppDeps['imageModel']>['generate']>>;
  try {
    generated = await deps.imageModel.generate({ prompt: described.result });
  } catch (error) {
    // A picture the endpoint answered but we could not use was still made (and paid for).
    if (error instanceof AiUnusableAnswer) await recordPicture(deps, row);
    return themePicture(
      `The image model ${aiFailureReason(error)}: the theme's infographic was used instead`,
    );
  }
  const key = socialImageKey(
    row.userId,
    row.id,
    data.image.version,
    EXTENSION_OF_MIME[generated.mime] ?? 'png',
  );
  await recordPicture(deps, row);
  await deps.storage.put(key, generated.bytes, generated.mime);
  return {
    storageKey: key,
    cacheKey: null,
    owned: true,
    mime: generated.mime,
    width: generated.width,
    height: generated.height,
    content: null,
    description: described.result,
    fallbackReason: null,
    fitNotes: [],
  };
};

/**
 * Saves the outcome of one picture version, only while that version is still the one asked for and
 * still rendering (a newer "Regenerate image" or a deleted post wins). Answers whether it was saved.
 */
export const settleImage = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  itemId: number,
  version: number,
  patch: Partial<SocialImageData>,
  tokens: Tokens = { promptTokens: 0, completionTokens: 0 },
): Promise<boolean> => {
  const saved = await deps.db
    .update(contentItems)
    .set({
      data: sql`jsonb_set(${contentItems.data}, '{image}', (${contentItems.data}->'image') || ${JSON.stringify(patch)}::jsonb)`,
      promptTokens: sql`${contentItems.promptTokens} + ${tokens.promptTokens}`,
      completionTokens: sql`${contentItems.completionTokens} + ${tokens.completionTokens}`,
      updatedAt: deps.clock.now(),
    })
    .where(
      and(
        eq(contentItems.id, itemId),
        eq(contentItems.kind, 'social_post'),
        sql`${contentItems.data}->'image'->>'status' = 'rendering'`,
        sql`(${contentItems.data}->'image'->>'version')::int = ${version}`,
      ),
    )
    .returning({ id: contentItems.id });
  return saved.length > 0;
};

/**
 * The 'render-social-image' job: makes the picture of one version of a post's image and saves it
 * ready, or failed with a reason the screen shows (the post's text stays usable either way; "Regenerate
 * image" asks again). A job whose version was superseded, or whose post is gone, does nothing; a
 * picture made for a version superseded meanwhile is removed again.
 */
export const renderSocialImage = async (deps: AppDeps, itemId: number, version: number): Promise<void> => {
  const [row] = await deps.db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, itemId), eq(contentItems.kind, 'social_post')));
  // A post deleted meanwhile, or (never) one still being written, has no picture to make.
  if (row?.status !== 'ready') return;
  const data = socialDataOf(row);
  if (data.image.status !== 'rendering' || data.image.version !== version) return;
  const tokens: Tokens = { promptTokens: 0, completionTokens: 0 };
  let made: Made;
  try {
    made = await makePicture(deps, row, data, tokens);
  } catch (error) {
    // The renderer's own failures (a font or background that is gone) say what to fix; others stay unsaid.
    const reason = error instanceof Error && error.name.startsWith('Infographic') ? `: ${error.message}` : '';
    await settleImage(
      deps,
      itemId,
      version,
      { status: 'failed', error: `${SOCIAL_MESSAGES.imageFailed}${reason.slice(0, 200)}` },
      tokens,
    );
    return;
  }
  const saved = await settleImage(deps, itemId, version, { ...made, status: 'ready', error: null }, tokens);
  if (!saved && made.owned && made.storageKey) await deps.storage.delete(made.storageKey);
};
