import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/app-deps';
import { rowsOf } from '../src/db/sql-rows';
import { fixedClock } from '../src/lib/core/clock';
import { queueCampaignMessages } from '../src/modules/campaign-messages/queue-campaign-messages';
import {
  MESSAGES_STALL_MS,
  requeueStalledMessages,
} from '../src/modules/campaign-messages/requeue-stalled-messages';
import { campaignRow, connectLinkedIn, seedCampaign } from './support/campaign-factories';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

/**
 * The real job queue, whose next send fails once (as when the database drops the connection right
 * after create_campaign committed); every other send goes through to pg-boss and its worker.
 */
let failNextSend = false;
const flakyJobs: AppDeps['jobs'] = {
  send: async (name, data, options) => {
    if (failNextSend) {
      failNextSend = false;
      throw new Error('connection terminated unexpectedly');
    }
    return h.services.jobs.send(name, data, options);
  },
};
const clock = fixedClock(new Date());
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { jobs: flakyJobs, clock }, engine: false });
});
afterAll(() => h.close());

/** Every job ever queued for the campaign's messages, whatever its state. */
const jobsOf = async (campaignId: number): Promise<number> => {
  const result = await h.deps.db.execute(sql`
    SELECT count(*)::int AS n FROM pgboss.job
     WHERE name = 'write-campaign-messages' AND singleton_key = ${`campaign-${campaignId}`}
`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
};

describe('campaign messages whose job could not be queued', () => {
  it('create_campaign still answers success, and the sweep queues the job that writes them', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    failNextSend = true;
    // seedCampaign expects the 200 of create_campaign: the campaign was committed and paid for.
    const { campaignId } = await seedCampaign(h, user, 3);
    expect(failNextSend).toBe(false);
    expect((await campaignRow(h, campaignId)).messagesPending).toBe(3);
    expect(await jobsOf(campaignId)).toBe(0);

    // Not stalled yet: a job at work is given time.
    expect(await requeueStalledMessages(h.deps)).not.toContain(campaignId);
    clock.advance(MESSAGES_STALL_MS + 1000);
    expect(await requeueStalledMessages(h.deps)).toContain(campaignId);
    // Queued again at once (another sweep, another process): the queue keeps the one job it has.
    await Promise.all([
      queueCampaignMessages(h.deps.jobs, campaignId),
      queueCampaignMessages(h.deps.jobs, campaignId),
    ]);

    let pending = (await campaignRow(h, campaignId)).messagesPending;
    for (let i = 0; i < 300 && pending > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      pending = (await campaignRow(h, campaignId)).messagesPending;
    }
    expect(pending).toBe(0);
    expect(await jobsOf(campaignId)).toBe(1);
    // Written: the sweep leaves the campaign alone from now on.
    clock.advance(MESSAGES_STALL_MS + 1000);
    expect(await requeueStalledMessages(h.deps)).not.toContain(campaignId);
  });
});
