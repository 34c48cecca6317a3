import type { TInfographicContent, TSocialImageSource, TSocialNetwork } from '@sales-assist/contract';
import type { ContentItemRow } from '../../db/schema';

/** A post's picture, as kept in content_items.data.image. */
export type SocialImageData = {
  source: TSocialImageSource;
  status: 'rendering' | 'ready' | 'failed';
  /** Bumped for every new picture asked for: a job of an older version saves nothing. */
  version: number;
  /** When the job of this version was queued (a picture silent for IMAGE_STALL_MS is queued again). */
  startedAt: string;
  themeId: number | null;
  /** source input: the user's image input it was copied from. */
  inputId: number | null;
  error: string | null;
  fallbackReason: string | null;
  storageKey: string | null;
  /** The render cache's key (theme pictures): the same content and theme are not drawn twice. */
  cacheKey: string | null;
  /** The picture's own copy (model and input pictures), removed with the post; rendered ones stay cached. */
  owned: boolean;
  mime: string | null;
  width: number | null;
  height: number | null;
  /** What the picture shows (theme) or the description the image model was given (model). */
  content: TInfographicContent | null;
  description: string | null;
  /** The renderer's notes of what it changed to fit the text (theme pictures). */
  fitNotes?: string[];
};

/** A picture asked for and queued: which one (source, theme, input) and its version; nothing drawn yet. */
export const renderingImage = ({
  source,
  version,
  startedAt,
  themeId,
  inputId,
}: Pick<SocialImageData, 'source' | 'version' | 'startedAt' | 'themeId' | 'inputId'>): SocialImageData => ({
  source,
  status: 'rendering',
  version,
  startedAt,
  themeId,
  inputId,
  error: null,
  fallbackReason: null,
  storageKey: null,
  cacheKey: null,
  owned: false,
  mime: null,
  width: null,
  height: null,
  content: null,
  description: null,
});

/** content_items.data of a social_post. */
export type SocialPostData = {
  network: TSocialNetwork;
  /** The posts written together, one per network. */
  generationId: string;
  themeId: number;
  source: { type: 'topic' | 'blog' | 'input'; label: string; id: number | null };
  hashtags: string[];
  /** Set on the first post of a generation only: the one social_media_posts unit it took, and when. */
  planPeriod: string | null;
  image: SocialImageData;
};

export const socialDataOf = (row: Pick<ContentItemRow, 'data'>): SocialPostData =>
  row.data as unknown as SocialPostData;

/** Where a picture the post owns is kept (model and input pictures). */
export const socialImageKey = (userId: string, itemId: number, version: number, ext: string): string =>
  `socials/${userId}/${itemId}-v${version}.${ext}`;

export const EXTENSION_OF_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
