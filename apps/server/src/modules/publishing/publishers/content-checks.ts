import type { ContentItemRow, SocialPlatform } from '../../../db/schema';
import { PublishError } from '../../../lib/clients/publishing/types';
import { socialDataOf } from '../../socials/social-data';

/** Content this platform will not take as it is: never retried, the user changes it or its schedule. */
export const refused = (platform: SocialPlatform, message: string): PublishError =>
  new PublishError('invalid', message, { platform });

/** What the item is, in a sentence ("A blog post cannot be published to LinkedIn."). */
const KIND_IN_WORDS: Record<ContentItemRow['kind'], string> = {
  blog_topic: 'A blog topic',
  blog: 'A blog post',
  linkedin_post: 'A LinkedIn post',
  social_post: 'A social post',
  google_ad: 'A Google ad',
  keywords: 'A keyword list',
};

export const PLATFORM_NAMES: Record<SocialPlatform, string> = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  wordpress: 'WordPress',
};

/**
 * The item is finished and of a kind this platform takes (a social post only on its own network);
 * its body must say something. Answers the trimmed-of-nothing body: what the user saw is what goes.
 */
export const publishableBody = (
  item: ContentItemRow,
  platform: SocialPlatform,
  accepts: { kinds: readonly ContentItemRow['kind'][] },
): string => {
  const platformName = PLATFORM_NAMES[platform];
  if (!accepts.kinds.includes(item.kind))
    throw refused(platform, `${KIND_IN_WORDS[item.kind]} cannot be published to ${platformName}.`);
  if (item.kind === 'social_post') {
    const network = socialDataOf(item).network;
    if (network !== platform)
      throw refused(
        platform,
        `This post was written for ${PLATFORM_NAMES[network]}; it cannot be published to ${platformName}.`,
      );
  }
  if (item.status === 'generating')
    throw refused(platform, 'The content is still being written; it can be published once it is ready.');
  if (item.status !== 'ready')
    throw refused(platform, 'The content failed to be written, so there is nothing to publish.');
  if (item.body.trim() === '') throw refused(platform, 'The content has no text to publish.');
  return item.body;
};

/**
 * The account is this platform's and belongs to the content's owner: the engine pairs them, and this
 * keeps a mistake there from ever posting one user's content to another's account.
 */
export const checkTarget = (
  piece: { item: Pick<ContentItemRow, 'userId'>; connection: { userId: string; platform: SocialPlatform } },
  platform: SocialPlatform,
): void => {
  if (piece.connection.platform !== platform)
    throw refused(platform, `This account is not a ${PLATFORM_NAMES[platform]} account.`);
  if (piece.connection.userId !== piece.item.userId)
    throw refused(
      platform,
      'This account belongs to someone else; schedule the post to one of your accounts.',
    );
};
