import type { TSocialPost } from '@sales-assist/contract';
import { hashtagsOfText } from '@sales-assist/contract';
import type { ContentItemRow } from '../../db/schema';
import { socialDataOf } from './social-data';

/** A social post as the API answers it; `themeNames` names the themes by id (a deleted one is null). */
export const socialPostView = (row: ContentItemRow, themeNames: ReadonlyMap<number, string>): TSocialPost => {
  const data = socialDataOf(row);
  const image = data.image;
  const ready = image.status === 'ready' && image.storageKey !== null;
  return {
    id: row.id,
    network: data.network,
    text: row.body,
    characters: row.body.length,
    hashtags: hashtagsOfText(row.body),
    image_uri: ready ? `/api/socials/${row.id}/image?v=${image.version}` : null,
    image: {
      source: image.source,
      status: image.status,
      error: image.error,
      fallback_reason: image.fallbackReason,
      mime: ready ? image.mime : null,
      width: ready ? image.width : null,
      height: ready ? image.height : null,
      version: image.version,
      fit_notes: ready ? (image.fitNotes ?? []) : [],
    },
    theme_id: data.themeId,
    theme: themeNames.get(data.themeId) ?? null,
    generation_id: data.generationId,
    source: data.source,
    writer: row.writer,
    model: row.writer === 'llm' ? row.model : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};
