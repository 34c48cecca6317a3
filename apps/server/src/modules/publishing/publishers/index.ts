import type { SocialPlatform } from '../../../db/schema';
import type { Publisher } from '../publisher';
import { facebookPublisher } from './facebook';
import { instagramPublisher } from './instagram';
import { linkedInPublisher } from './linkedin';
import { wordpressPublisher } from './wordpress';

/** How each platform turns a content item into its calls; the engine picks one by the row's platform. */
export const PUBLISHERS: Record<SocialPlatform, Publisher> = {
  linkedin: linkedInPublisher,
  facebook: facebookPublisher,
  instagram: instagramPublisher,
  wordpress: wordpressPublisher,
};

/** The platform's publisher. */
export const publisherFor = (platform: SocialPlatform): Publisher => PUBLISHERS[platform];
