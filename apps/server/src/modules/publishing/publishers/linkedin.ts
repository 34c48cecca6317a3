import type { AppDeps } from '../../../app-deps';
import type { ContentItemRow } from '../../../db/schema';
import { findLinkedInPost, publishLinkedInPost } from '../../../lib/clients/publishing/linkedin';
import type { Publisher, PublishPiece } from '../publisher';
import { checkTarget, publishableBody } from './content-checks';
import { loadSocialPicture, type SocialPictureRef, socialPictureRefOf } from './social-picture';

/**
 * What goes to the member's feed: the post's text exactly as saved (its hashtags are part of it: the
 * studio writes them into the text and reads them back from it) and, for a social post, its picture.
 * Built once for publish and lookFor, so the text looked for is the text sent.
 */
export type LinkedInPayload = { text: string; picture: SocialPictureRef | null };

export const linkedInPayloadOf = (item: ContentItemRow): LinkedInPayload => ({
  text: publishableBody(item, 'linkedin', { kinds: ['linkedin_post', 'social_post'] }),
  picture: socialPictureRefOf(item, 'linkedin'),
});

const publish = async (deps: AppDeps, piece: PublishPiece) => {
  checkTarget(piece, 'linkedin');
  const payload = linkedInPayloadOf(piece.item);
  const picture = payload.picture
    ? await loadSocialPicture(deps, piece.item, payload.picture, 'linkedin')
    : null;
  const posted = await publishLinkedInPost(deps.publishing.linkedin, {
    accessToken: piece.token,
    memberSub: piece.connection.externalId,
    text: payload.text,
    ...(picture
      ? {
          image: {
            bytes: picture.bytes,
            contentType: picture.contentType,
            ...(picture.altText ? { altText: picture.altText } : {}),
          },
        }
      : {}),
  });
  return { externalId: posted.externalId, url: posted.url };
};

/** LinkedIn's read-back needs r_member_social; without it the answer is cannotCheck and a person decides. */
const lookFor: Publisher['lookFor'] = async (deps, piece, since) => {
  checkTarget(piece, 'linkedin');
  const payload = linkedInPayloadOf(piece.item);
  const lookup = await findLinkedInPost(deps.publishing.linkedin, {
    accessToken: piece.token,
    memberSub: piece.connection.externalId,
    text: payload.text,
    since,
  });
  if (lookup.status === 'found') return { found: { externalId: lookup.post.urn, url: lookup.post.url } };
  if (lookup.status === 'cannot_check') return { cannotCheck: lookup.reason };
  return { notFound: true };
};

/** A LinkedIn post, or a social post written for LinkedIn, to the connected member's feed. */
export const linkedInPublisher: Publisher = { publish, lookFor };
