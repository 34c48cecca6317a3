/**
 * The publishing engine: each scheduled (post, account) published exactly once, on time, never silently
 * failed. Entry points: publishScheduledPost (the publish-post job), sweepScheduledPosts (hourly and at
 * worker start); the user's retry is the calendar's (modules/schedule/retry-scheduled-post.ts).
 */
export { ENGINE, type EngineOptions, type PublishOutcome } from './engine-settings';
export { publishScheduledPost } from './publish-scheduled-post';
export { type SweepReport, sweepScheduledPosts } from './sweep';
