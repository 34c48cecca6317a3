import type { AppDeps } from './app-deps';
import type { ImportJobRow } from './db/schema';
import {
  type BackgroundEntry,
  queue,
  recovery,
  runner,
  SERVING,
  tick,
  WORKING,
} from './jobs/background-work';
import { recoverStalledBlogPosts } from './modules/blogs/recover-blog-posts';
import { writeBlogPost } from './modules/blogs/write-blog-post';
import { requeueStalledMessages } from './modules/campaign-messages/requeue-stalled-messages';
import { writeCampaignMessages } from './modules/campaign-messages/write-campaign-messages';
import { failInterruptedAnswers } from './modules/chat/sweep-interrupted';
import { refreshInbox, sweepInboxes } from './modules/engagement/refresh-inbox';
import { failInterruptedImports } from './modules/leads/import-jobs';
import { createImportRunner } from './modules/leads/run-import';
import { runSearchImport } from './modules/linkedin/search-import/run-search-import';
import { recoverAbandonedRunners } from './modules/outreach/recover-runners';
import { runAccount } from './modules/outreach/run-account';
import { sweepDueAccounts } from './modules/outreach/sweep';
import { fetchConnectionFigures } from './modules/post-figures/fetch-post-figures';
import { sweepPostFigures } from './modules/post-figures/sweep-post-figures';
import { researchListStep } from './modules/prospect-research/run-list-research';
import { ENGINE } from './modules/publishing/engine/engine-settings';
import { recoverPublishing } from './modules/publishing/engine/recover';
import { sweepScheduledPosts } from './modules/publishing/engine/sweep';
import { publishMinuteWake, publishPostsQueue } from './modules/publishing/engine/work-publish-posts';
import { recoverStalledSocialTexts } from './modules/socials/recover-social-posts';
import { renderSocialImage } from './modules/socials/render-social-image';

/**
 * The CSV imports this process runs: save_leads hands each new import to it (through deps.csvImports) and
 * answers at once; import_status reports its progress. It runs beside the HTTP server that received the
 * file, so only serving processes have one, made before the port opens.
 */
export const CSV_IMPORTS = runner<AppDeps, ImportJobRow>('csv-import', {
  roles: SERVING,
  pace: 'every import handed to it at once; its stop interrupts them between chunks and waits',
  create: ({ deps, log }) => createImportRunner(deps, log),
});

/**
 * Everything that runs in the background, in the order it starts (stopped in the reverse order, the job
 * queue last): every queue and its handler, every periodic tick, every start-up recovery and the CSV import
 * runner, with the process roles that run each (run-process.ts: 'all' runs everything, 'api' what serves
 * HTTP, 'worker' the rest). Queue payloads are checked with the schemas beside the queue names in
 * jobs/job-payloads.ts. startServices starts and stops them through jobs/background-work.ts, nowhere else.
 * Not here because the database owns it: the embedded database's VACUUM every five minutes, in its own
 * thread (db/embedded-thread.ts).
 */
export const BACKGROUND_WORK: readonly BackgroundEntry<AppDeps>[] = [
  // Before the port opens, in a serving process: an import or answer begun after this start must never be
  // taken for one the last stop cut off.
  recovery('csv-imports-cut-off', {
    roles: SERVING,
    phase: 'services',
    processStartOnly: true,
    run: async ({ deps, log }) => {
      const failed = await failInterruptedImports(deps);
      if (failed)
        log.info(
          { imports: failed },
          `${failed} CSV import(s) cut off by the last stop were marked as failed`,
        );
    },
  }),
  recovery('chat-answers-cut-off', {
    roles: SERVING,
    phase: 'services',
    processStartOnly: true,
    run: async ({ deps, log }) => {
      const failed = await failInterruptedAnswers(deps);
      if (failed)
        log.info(
          { answers: failed },
          `${failed} chat answer(s) cut off by the last stop were marked as failed`,
        );
    },
  }),
  CSV_IMPORTS,

  // Once the port is open, in a working process.
  queue('linkedin-search-import', {
    roles: WORKING,
    concurrency: 1,
    handle: ({ importId }, attempt, { deps }) =>
      runSearchImport(deps, importId, { lastAttempt: attempt.last }),
  }),
  // Two at a time, so one large campaign written by a slow LLM does not hold up the next one.
  queue('write-campaign-messages', {
    roles: WORKING,
    concurrency: 2,
    handle: ({ campaignId }, _attempt, { deps }) => writeCampaignMessages(deps, campaignId),
  }),
  // Two at a time: a long post from a slow model does not hold up everyone else's.
  queue('write-blog-post', {
    roles: WORKING,
    concurrency: 2,
    handle: ({ itemId }, attempt, { deps }) => writeBlogPost(deps, itemId, { lastAttempt: attempt.last }),
  }),
  // One lead at a time per run (stately); two runs at once, as each waits on LinkedIn and the site.
  queue('research-list', {
    roles: WORKING,
    concurrency: 2,
    handle: ({ runId }, _attempt, { deps }) => researchListStep(deps, runId),
  }),
  // Two at a time: a picture from an image model takes seconds, a theme's render milliseconds.
  queue('render-social-image', {
    roles: WORKING,
    concurrency: 2,
    handle: ({ itemId, version }, _attempt, { deps }) => renderSocialImage(deps, itemId, version),
  }),
  // Scheduled posts: fetched in batches of 50 at the minute they are due, taken and settled together, called
  // side by side within each platform's slots; 8 batches at once on PostgreSQL, 4 on the embedded database.
  // A tick wakes the workers 50 ms after each whole minute, when the calendar's posts fall due, so they fetch
  // at once rather than at their next poll (both in modules/publishing/engine/work-publish-posts.ts).
  publishPostsQueue(),
  publishMinuteWake,
  // Hourly at 17 past, away from the minutes most posts are due: posts that lost their job, attempts a dead
  // process left in doubt, LinkedIn sign-ins ending.
  queue('publish-sweep', {
    roles: WORKING,
    concurrency: 1,
    every: '17 * * * *',
    handle: async (_data, _attempt, { deps, jobs }) => {
      await sweepScheduledPosts(deps, jobs);
    },
  }),
  // On the embedded database everything a stopped process left (its lock proves it gone); on PostgreSQL
  // what dead processes left.
  recovery('publish-recovery-at-start', {
    roles: WORKING,
    engine: true,
    phase: 'work',
    run: async ({ deps, log }) => {
      const first = await recoverPublishing(deps, { atStart: !deps.config.databaseUrl });
      if (first.readBacks + first.requeued > 0)
        log.warn({ ...first }, 'publishing: posts left by a stopped process queued again');
    },
  }),
  // Attempts whose process died (their lease ended) are read back and due posts whose job died with a
  // process are queued again, within seconds rather than at the queue's expiry.
  tick('publish-recovery', {
    roles: WORKING,
    engine: true,
    everyMs: () => ENGINE.RECOVERY_TICK_MS,
    pace: `every ${ENGINE.RECOVERY_TICK_MS / 1000} s`,
    failure: 'publishing recovery tick failed',
    run: async ({ deps, log }) => {
      const report = await recoverPublishing(deps);
      if (report.readBacks + report.requeued > 0)
        log.warn({ ...report }, 'publishing: posts of a process that died queued again');
    },
  }),
  // The hourly sweep at once too, so posts that lost their job while no worker ran go out now.
  recovery('publish-sweep-at-start', {
    roles: WORKING,
    phase: 'work',
    run: async ({ deps, jobs }) => {
      await sweepScheduledPosts(deps, jobs);
    },
  }),
  // Posts whose writing process died (a restart) are queued again at once rather than at the job's expiry.
  recovery('blog-posts-stalled', {
    roles: WORKING,
    phase: 'work',
    run: async ({ deps }) => {
      await recoverStalledBlogPosts(deps);
    },
  }),
  // Social posts whose request died mid-writing are removed and their unit given back.
  recovery('social-texts-stalled', {
    roles: WORKING,
    phase: 'work',
    run: async ({ deps }) => {
      await recoverStalledSocialTexts(deps);
    },
  }),
  // Embedded database: this process is the only one (the data directory is locked), so every lease and
  // active runner job left in it belongs to a process that stopped, however it stopped.
  recovery('outreach-runners-at-start', {
    roles: WORKING,
    engine: true,
    phase: 'work',
    run: async ({ deps, jobs, log }) => {
      const recovered = await recoverAbandonedRunners(deps, jobs, { everyLease: !deps.config.databaseUrl });
      if (recovered.length > 0)
        log.warn({ accounts: recovered.length }, 'outreach runners of a stopped process freed');
    },
  }),
  // One runner per LinkedIn account (the queue's policy); four accounts at once per process, as each waits
  // on LinkedIn most of the time.
  queue('outreach-account', {
    roles: WORKING,
    engine: true,
    concurrency: 4,
    handle: async ({ accountId }, _attempt, { deps, log }) =>
      void (await runAccount({ ...deps, log }, accountId)),
  }),
  // Every OUTREACH_SWEEP_SECONDS, and at once so outreach a restart interrupted resumes without waiting a
  // whole interval: accounts whose runner died are freed, a runner job is queued for each account with a due
  // step, and campaign messages whose job was never queued or got lost are queued again.
  tick('outreach-sweep', {
    roles: WORKING,
    engine: true,
    everyMs: (deps) => deps.config.outreach.sweepMs,
    pace: 'every OUTREACH_SWEEP_SECONDS, and at start',
    alsoAtStart: true,
    failure: 'outreach sweep failed',
    run: ({ deps, jobs }) =>
      Promise.all([
        recoverAbandonedRunners(deps, jobs).then(() => sweepDueAccounts(deps)),
        requeueStalledMessages(deps),
      ]),
  }),
  // The Engagement inbox: every 10 minutes a refresh is queued for each account with threads worth reading;
  // each reads a few threads under the account's lease and rest, within its own daily cap.
  queue('engagement-sweep', {
    roles: WORKING,
    engine: true,
    concurrency: 1,
    every: '*/10 * * * *',
    handle: async (_data, _attempt, { deps }) => {
      await sweepInboxes(deps);
    },
  }),
  queue('engagement-refresh', {
    roles: WORKING,
    engine: true,
    concurrency: 2,
    handle: async ({ accountId }, _attempt, { deps, log }) =>
      void (await refreshInbox({ ...deps, log }, accountId)),
  }),
  // The platforms' own figures of published posts: every 15 minutes a read is queued for each connection
  // with posts due (an hour after publishing, then on their schedule for 28 days); each read goes a call a
  // second, one connection's at a time (the queue's policy), two connections at once per process.
  queue('post-figures-sweep', {
    roles: WORKING,
    engine: true,
    concurrency: 1,
    every: '*/15 * * * *',
    handle: async (_data, _attempt, { deps }) => {
      await sweepPostFigures(deps);
    },
  }),
  queue('post-figures-fetch', {
    roles: WORKING,
    engine: true,
    concurrency: 2,
    handle: async ({ connectionId, readNow }, _attempt, { deps, log }) => {
      const run = await fetchConnectionFigures(deps, connectionId, { readNow: readNow === true });
      if (run.failed + run.reconnect > 0)
        log.warn({ connectionId, ...run }, 'post figures: some reads did not succeed');
    },
  }),
];
