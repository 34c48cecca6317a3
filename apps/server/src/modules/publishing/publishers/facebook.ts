import type { AppDeps } from '../../../app-deps';
import type { ContentItemRow } from '../../../db/schema';
import type { Publisher, PublishPiece } from '../publisher';
import { checkTarget, publishableBody } from './content-checks';
import { loadSocialPicture, type SocialPictureRef, socialPictureRefOf } from './social-picture';

/**
 * What goes on the page: the social post's text as saved (hashtags included) and its ready picture,
 * sent as a photo with the text as caption (uploaded as bytes: Facebook need not reach our server).
 * Built once for publish and lookFor, so the message looked for is the message sent.
 */
export type FacebookPayload = { message: string; picture: SocialPictureRef | null };

export const facebookPayloadOf = (item: ContentItemRow): FacebookPayload => ({
  message: publishableBody(item, 'facebook', { kinds: ['social_post'] }),
  picture: socialPictureRefOf(item, 'facebook'),
});

/** The page's id: the connection is the page (meta.pageId says the same). */
const pageIdOf = (piece: PublishPiece) => piece.connection.meta.pageId ?? piece.connection.externalId;

const publish = async (deps: AppDeps, piece: PublishPiece) => {
  checkTarget(piece, 'facebook');
  const payload = facebookPayloadOf(piece.item);
  const picture = payload.picture
    ? await loadSocialPicture(deps, piece.item, payload.picture, 'facebook')
    : null;
  return deps.publishing.meta.publishToPage({
    pageId: pageIdOf(piece),
    pageToken: piece.token,
    message: payload.message,
    photo: picture
      ? { bytes: picture.bytes, contentType: picture.contentType, fileName: picture.fileName }
      : null,
  });
};

const lookFor: Publisher['lookFor'] = async (deps, piece, since) => {
  checkTarget(piece, 'facebook');
  const payload = facebookPayloadOf(piece.item);
  const found = await deps.publishing.meta.findFacebookPost({
    pageId: pageIdOf(piece),
    pageToken: piece.token,
    message: payload.message,
    since,
  });
  return found ? { found } : { notFound: true };
};

/** A social post written for Facebook, to the connected page, as the page. */
export const facebookPublisher: Publisher = { publish, lookFor };
