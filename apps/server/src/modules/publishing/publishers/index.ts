import type { SocialPlatform } from '../../../db/schema';
import type { Publisher } from '../publisher';
import { linkedInPublisher } from './linkedin';
import { wordpressPublisher } from './wordpress';

/** How each platform turns a content item into its calls; the engine picks one by the row's platform. */
export const PUBLISHERS: Partial<Record<SocialPlatform, Publisher>> = {
  linkedin: linkedInPublisher,
  wordpress: wordpressPublisher,
};

/** The platform's publisher; every platform a connection can have has one. */
export const publisherFor = (platform: SocialPlatform): Publisher => {
  const publisher = PUBLISHERS[platform];
  if (!publisher) throw new Error(`No publisher for ${platform}`);
  return publisher;
};
