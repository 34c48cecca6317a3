import type { AppDeps } from '../../../app-deps';
import type { ContentItemRow } from '../../../db/schema';
import { publicFileLink } from '../../public-files/public-file-link';
import type { Publisher, PublishPiece } from '../publisher';
import { checkTarget, publishableBody, refused } from './content-checks';
import { loadSocialPicture, type SocialPictureRef, socialPictureRefOf } from './social-picture';

/**
 * What goes to the Instagram account: the caption (the social post's text as saved, hashtags included)
 * and its picture, which Instagram requires and fetches itself from a signed public link. Built once for
 * publish and lookFor, so the caption looked for is the caption sent.
 */
export type InstagramPayload = { caption: string; picture: SocialPictureRef };

export const instagramPayloadOf = (item: ContentItemRow): InstagramPayload => {
  const caption = publishableBody(item, 'instagram', { kinds: ['social_post'] });
  const picture = socialPictureRefOf(item, 'instagram');
  if (!picture) throw refused('instagram', 'Instagram posts need a picture; this post has none.');
  return { caption, picture };
};

const pageIdOf = (piece: PublishPiece) => piece.connection.meta.pageId;

/**
 * The picture must be in storage before Instagram is sent to fetch it: a theme picture whose cached file
 * was lost is drawn again first (loadSocialPicture does that).
 */
const ensureStored = async (deps: AppDeps, item: ContentItemRow, picture: SocialPictureRef) => {
  if (await deps.storage.exists(picture.storageKey)) return;
  await loadSocialPicture(deps, item, picture, 'instagram');
  if (!(await deps.storage.exists(picture.storageKey)))
    throw refused('instagram', 'The post’s picture is missing; choose a picture again before publishing.');
};

const publish = async (deps: AppDeps, piece: PublishPiece) => {
  checkTarget(piece, 'instagram');
  const payload = instagramPayloadOf(piece.item);
  await ensureStored(deps, piece.item, payload.picture);
  const link = publicFileLink(deps, payload.picture);
  const pageId = pageIdOf(piece);
  return deps.publishing.meta.publishToInstagram({
    igUserId: piece.connection.externalId,
    pageToken: piece.token,
    ...(pageId ? { pageId } : {}),
    imageUrl: link.url,
    caption: payload.caption,
    ...(payload.picture.altText ? { altText: payload.picture.altText } : {}),
  });
};

const lookFor: Publisher['lookFor'] = async (deps, piece, since) => {
  checkTarget(piece, 'instagram');
  const payload = instagramPayloadOf(piece.item);
  const pageId = pageIdOf(piece);
  const found = await deps.publishing.meta.findInstagramMedia({
    igUserId: piece.connection.externalId,
    pageToken: piece.token,
    ...(pageId ? { pageId } : {}),
    caption: payload.caption,
    since,
  });
  return found ? { found } : { notFound: true };
};

/** A social post written for Instagram, to the connected business account, its picture by public link. */
export const instagramPublisher: Publisher = { publish, lookFor };
