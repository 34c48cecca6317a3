import type { AppDeps } from './app-deps';
import type { JobQueue } from './jobs/job-queue';
import { recoverStalledBlogPosts } from './modules/blogs/recover-blog-posts';
import { writeBlogPost } from './modules/blogs/write-blog-post';
import { writeCampaignMessages } from './modules/campaign-messages/write-campaign-messages';
import { runSearchImport } from './modules/linkedin/search-import/run-search-import';
import { startPublishRecovery } from './modules/publishing/engine/recover';
import { sweepScheduledPosts } from './modules/publishing/engine/sweep';
import { workPublishPosts } from './modules/publishing/engine/work-publish-posts';
import { recoverStalledSocialTexts } from './modules/socials/recover-social-posts';
import { renderSocialImage } from './modules/socials/render-social-image';

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * Every queue's handler; a process that registers them is a worker (the API process is one by default).
 * Answers the stop of the worker's own timers. It sits with the other composition files rather than in
 * jobs/: it imports the features, and the features import jobs/ to send their jobs.
 */
export const registerWorkers = async (
  jobs: JobQueue,
  deps: AppDeps,
  log: Log,
  options: { publishRecovery?: boolean } = {},
): Promise<{ stop: () => void }> => {
  await jobs.work('linkedin-search-import', ({ importId }, attempt) =>
    runSearchImport(deps, importId, { lastAttempt: attempt.last }),
  );
  // Two at a time, so one large campaign written by a slow LLM does not hold up the next one.
  await jobs.work('write-campaign-messages', ({ campaignId }) => writeCampaignMessages(deps, campaignId), {
    concurrency: 2,
  });
  // Two at a time: a long post from a slow model does not hold up everyone else's.
  await jobs.work(
    'write-blog-post',
    ({ itemId }, attempt) => writeBlogPost(deps, itemId, { lastAttempt: attempt.last }),
    {
      concurrency: 2,
    },
  );
  // Two at a time: a picture from an image model takes seconds, a theme's render milliseconds.
  await jobs.work('render-social-image', ({ itemId, version }) => renderSocialImage(deps, itemId, version), {
    concurrency: 2,
  });
  // Scheduled posts: fetched in large batches at the minute they are due, taken and settled together,
  // called side by side within each platform's slots (modules/publishing/engine/work-publish-posts.ts).
  const publishing = await workPublishPosts(jobs, deps);
  // Hourly (at 17 past, away from the minutes most posts are due) and now: posts that lost their job,
  // attempts a dead process left in doubt, LinkedIn sign-ins ending.
  await jobs.work('publish-sweep', async () => {
    await sweepScheduledPosts(deps, jobs);
  });
  await jobs.every('publish-sweep', '17 * * * *');
  // Every 10 s (and now): attempts whose process died (their lease ended) are read back and due posts
  // whose job died with a process are queued again, within seconds rather than at the queue's expiry.
  const recovery =
    options.publishRecovery === false ? { stop: () => undefined } : await startPublishRecovery(deps, log);
  await sweepScheduledPosts(deps, jobs);
  // Posts whose writing process died (a restart) are queued again at once rather than at the job's expiry.
  await recoverStalledBlogPosts(deps);
  // Social posts whose request died mid-writing are removed and their unit given back.
  await recoverStalledSocialTexts(deps);
  return {
    stop: () => {
      publishing.stop();
      recovery.stop();
    },
  };
};
