/**
 * The publishing engine: each scheduled (post, account) published exactly once, on time, never silently
 * failed. Entry points: publishScheduledPosts (a fetch of publish-post jobs, worked by workPublishPosts;
 * publishScheduledPost for one), recoverPublishing (each worker: what a dead process left, at its start
 * and every 10 s), sweepScheduledPosts (hourly and at worker start), each run as listed in
 * background-work.ts; the user's retry is the calendar's (modules/schedule/retry-scheduled-post.ts).
 */
export { ENGINE, type EngineOptions, type PublishOutcome } from './engine-settings';
export { holdLease, renewLeases } from './leases';
export { publishScheduledPost, publishScheduledPosts } from './publish-scheduled-post';
export { type RecoveryReport, recoverPublishing } from './recover';
export { type SweepReport, sweepScheduledPosts } from './sweep';
