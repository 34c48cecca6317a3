import type { TResearchRun } from '@sales-assist/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, leadResearch, leadResearchRuns, leads, linkedinAccounts } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { DAILY_CAPS } from '../src/modules/outreach/caps';
import { researchListStep } from '../src/modules/prospect-research/run-list-research';
import { connectLinkedIn, recordingJobs, seedCampaignList } from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const START = new Date('2026-03-02T10:00:00Z');
const clock = fixedClock(START);
const jobs = recordingJobs();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock, jobs, ai: null }, engine: false, sandboxNow: () => clock.now() });
});
afterAll(() => h.close());

const VIEW_CAP = DAILY_CAPS.find((cap) => cap.actions.includes('view_profile'))?.perDay ?? 0;

/** A connected user and a list of three leads, the second of which has no profile address research can open. */
const userWithList = async () => {
  const user = await seedUser(h);
  await connectLinkedIn(h, user);
  const list = await seedCampaignList(h, user.user.id, 3);
  const rows = await h.deps.db.select().from(leads).where(eq(leads.listId, list.id)).orderBy(asc(leads.id));
  await h.deps.db
    .update(leads)
    .set({ linkedinUrl: 'https://www.linkedin.com/company/acme' })
    .where(eq(leads.id, rows[1]?.id ?? 0));
  return { user, list, leadIds: rows.map((row) => row.id) };
};

const start = (user: SeededUser, listId: number) =>
  h.call('POST', `/api/lists/${listId}/research`, { token: user.accessToken });
const progress = async (user: SeededUser, runId: string) =>
  (
    await h.call('GET', `/api/prospect-research/runs/${runId}`, { token: user.accessToken })
  ).json<TResearchRun>();
/** The last job queued, with when it may start (the recording keeps every option the queue was given). */
const lastJob = () =>
  jobs.sent.at(-1) as
    | { name: string; data: unknown; options?: { singletonKey?: string; startAfter?: Date } }
    | undefined;

describe('researching a whole list', () => {
  it('researches lead after lead at the account’s pace, counts a lead it cannot read, and ends', async () => {
    const { user, list, leadIds } = await userWithList();
    const started = await start(user, list.id);
    expect(started.statusCode, started.body).toBe(202);
    const run = started.json<TResearchRun>();
    expect(run).toMatchObject({ state: 'running', total: 3, researched: 0, failed: 0, list_id: list.id });
    expect(lastJob()).toMatchObject({
      name: 'research-list',
      data: { runId: run.id },
      options: { singletonKey: run.id },
    });
    // One run at a time per list.
    expect((await start(user, list.id)).json().error).toBe('automation_in_progress');

    await researchListStep(h.deps, run.id);
    expect(await progress(user, run.id)).toMatchObject({ state: 'running', researched: 1, failed: 0 });
    // The next lead waits for the account's spacing, as a campaign action would.
    const [account] = await h.deps.db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.userId, user.user.id));
    expect(account?.nextActionAt?.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(lastJob()?.options?.startAfter).toEqual(account?.nextActionAt);
    await researchListStep(h.deps, run.id);
    expect((await progress(user, run.id)).researched).toBe(1);

    for (let step = 0; step < 3; step++) {
      clock.advance(60_000);
      await researchListStep(h.deps, run.id);
    }
    const done = await progress(user, run.id);
    expect(done).toMatchObject({ state: 'done', researched: 2, failed: 1 });
    expect(done.message).toMatch(/no LinkedIn profile address/);
    const cards = await h.deps.db.select().from(leadResearch).where(eq(leadResearch.userId, user.user.id));
    expect(cards.map((card) => card.leadId).sort()).toEqual([leadIds[0], leadIds[2]].sort());
    const runs = (await h.call('GET', '/api/prospect-research/runs', { token: user.accessToken })).json()
      .runs;
    expect(runs).toEqual([expect.objectContaining({ id: run.id, state: 'done', list_name: list.name })]);

    // Another user's run and list are not found.
    const other = await seedUser(h);
    await connectLinkedIn(h, other);
    expect(
      (await h.call('GET', `/api/prospect-research/runs/${run.id}`, { token: other.accessToken })).statusCode,
    ).toBe(404);
    expect((await start(other, list.id)).statusCode).toBe(404);
  });

  it('stops for the day at the account’s cap of profile views and goes on the next day', async () => {
    const { user, list } = await userWithList();
    const [account] = await h.deps.db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.userId, user.user.id));
    await h.deps.db.insert(activityLog).values(
      Array.from({ length: VIEW_CAP }, () => ({
        userId: user.user.id,
        accountId: account?.id,
        action: 'view_profile' as const,
        outcome: 'Viewed a profile',
        createdAt: clock.now(),
      })),
    );
    const run = (await start(user, list.id)).json<TResearchRun>();
    await researchListStep(h.deps, run.id);
    const waiting = await progress(user, run.id);
    expect(waiting).toMatchObject({ state: 'waiting', researched: 0 });
    expect(waiting.message).toMatch(/^Stopped for today: /);
    const resumeAt = new Date(waiting.resume_at ?? '');
    expect(resumeAt.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(lastJob()?.options?.startAfter).toEqual(resumeAt);
    // Nothing more was viewed on LinkedIn.
    const views = await h.deps.db.select().from(activityLog).where(eq(activityLog.userId, user.user.id));
    expect(views).toHaveLength(VIEW_CAP);

    clock.set(new Date(resumeAt.getTime() + 1_000));
    await researchListStep(h.deps, run.id);
    // Read from the database: a day later the test's access token has expired.
    const [next] = await h.deps.db.select().from(leadResearchRuns).where(eq(leadResearchRuns.id, run.id));
    expect(next).toMatchObject({ state: 'running', researched: 1, message: '', resumeAt: null });
  });

  it('refuses a list without leads, and a user without LinkedIn', async () => {
    const user = await seedUser(h);
    const empty = await seedCampaignList(h, user.user.id, 0);
    const refused = await start(user, empty.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('list_empty');
    const full = await seedCampaignList(h, user.user.id, 2);
    const unconnected = await start(user, full.id);
    expect(unconnected.statusCode).toBe(409);
    expect(unconnected.json()).toMatchObject({ error: 'linkedin_not_connected', expired: true });
  });
});
