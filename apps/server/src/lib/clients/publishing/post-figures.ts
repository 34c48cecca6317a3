/**
 * What every platform's figures read answers (Facebook and Instagram insights, LinkedIn post statistics),
 * so the figures job records them the same way whichever platform gave them.
 */

/** One figure: our name for it, the platform's, its value and the instant the platform says it is as of. */
export type PostFigure = { metric: string; platformMetric: string; value: number; asOf: Date | null };

/**
 * - figures: what the platform gave (possibly none yet: Meta answers an empty list for a post too new).
 * - gone: the platform no longer has the post (deleted).
 * - not_permitted: the connection was not granted the permission the figures need.
 * `source` names the API, its version and the endpoint.
 */
export type PostFiguresRead =
  | { status: 'figures'; figures: PostFigure[]; source: string }
  | { status: 'gone'; source: string }
  | { status: 'not_permitted'; reason: string; source: string };
