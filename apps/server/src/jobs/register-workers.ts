import type { AppDeps } from '../app-deps';
import { writeCampaignMessages } from '../modules/campaign-messages/write-campaign-messages';
import { runSearchImport } from '../modules/linkedin/search-import/run-search-import';
import type { JobQueue } from './job-queue';

/** Every queue's handler; a process that registers them is a worker (the API process is one by default). */
export const registerWorkers = async (jobs: JobQueue, deps: AppDeps): Promise<void> => {
  await jobs.work('linkedin-search-import', ({ importId }, attempt) =>
    runSearchImport(deps, importId, { lastAttempt: attempt.last }),
  );
  // Two at a time, so one large campaign written by a slow LLM does not hold up the next one.
  await jobs.work('write-campaign-messages', ({ campaignId }) => writeCampaignMessages(deps, campaignId), {
    concurrency: 2,
  });
};
