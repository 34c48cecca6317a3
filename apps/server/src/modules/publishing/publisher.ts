import type { AppDeps } from '../../app-deps';
import type { ContentItemRow, ScheduledPostRow, SocialConnectionRow } from '../../db/schema';
import type { PublishedPost } from '../../lib/clients/publishing/types';

/** What one publish call needs: the scheduled row, its content and the account with its token unsealed. */
export type PublishPiece = {
  post: ScheduledPostRow;
  item: ContentItemRow;
  connection: SocialConnectionRow;
  /** The account's token (or WordPress application password), unsealed for this call only. */
  token: string;
};

/**
 * After an attempt whose outcome is unknown: the post when the platform has it, `not_found` when it surely
 * has not (safe to publish again), `cannot_check` when the platform cannot be asked (the engine holds it).
 */
export type LookupResult = { found: PublishedPost } | { notFound: true } | { cannotCheck: string };

/**
 * One platform's way of publishing a content item: the engine (modules/publishing/engine) decides when and
 * whether; a publisher only turns content into that platform's calls. Both throw PublishError.
 */
export type Publisher = {
  publish: (deps: AppDeps, piece: PublishPiece) => Promise<PublishedPost>;
  /** `since`: when the attempt in doubt began. */
  lookFor: (deps: AppDeps, piece: PublishPiece, since: Date) => Promise<LookupResult>;
};
