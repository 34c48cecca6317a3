/**
 * When a published post's figures are read (docs/decisions/publishing.md, "The platforms' own figures of
 * published posts"): first an hour after it went out (Meta's and LinkedIn's counts start within minutes but
 * settle over the first hours), then every six hours while it is under two days old (when most of its reach
 * comes), then once a day until it is FIGURES_WINDOW_DAYS old. After that the last figures stay as they were.
 */

/** Posts are read for this many days after publishing: Meta's own post views settle within days, and 28 days
 * is the longest window Meta's and LinkedIn's own screens show a post's reach over. */
export const FIGURES_WINDOW_DAYS = 28;
export const FIRST_READ_AFTER_MS = 3_600_000;
const YOUNG_MS = 2 * 86_400_000;
const YOUNG_EVERY_MS = 6 * 3_600_000;
const DAILY_MS = 86_400_000;
/** An account to reconnect, or a read that failed: looked at again after this long. */
export const RETRY_AFTER_MS = 6 * 3_600_000;
/** Posts read per run and connection: a run stays a few minutes at most at the pace below. */
export const POSTS_PER_RUN = 50;
/**
 * The pause between two calls for one connection. Meta counts each page's calls against its business use
 * case budget (and the client pauses itself at 90% of any budget); LinkedIn's member analytics take one call
 * per metric. One call a second keeps a connection with a month of daily posts under a few hundred calls a day.
 */
export const CALL_PACE_MS = 1_000;

const windowMs = FIGURES_WINDOW_DAYS * 86_400_000;

/** The first instant a post published at `publishedAt` is read. */
export const firstReadAt = (publishedAt: Date): Date => new Date(publishedAt.getTime() + FIRST_READ_AFTER_MS);

/** When a post read at `now` is read again; null once it is past the window. */
export const nextReadAt = (publishedAt: Date, now: Date): Date | null => {
  const age = now.getTime() - publishedAt.getTime();
  const next = now.getTime() + (age < YOUNG_MS ? YOUNG_EVERY_MS : DAILY_MS);
  return next - publishedAt.getTime() > windowMs ? null : new Date(next);
};

/** The oldest publication time still read at `now`. */
export const windowStart = (now: Date): Date => new Date(now.getTime() - windowMs);
