import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_TIMEZONES,
  COMMENT_MAX,
  CONNECTION_NOTE_MAX,
  FOLLOW_UP_MAX,
  SEND_TIMES,
} from '@sales-assist/contract';
import { type LlmStandIn, STAND_IN_MESSAGES, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignLeads, campaigns, leads, linkedinAccounts, PLAN_STEPS, users } from '../src/db/schema';
import type { MessageWriter } from '../src/lib/writers/message-writer/types';
import { writeCampaignMessages } from '../src/modules/campaign-messages/write-campaign-messages';
import {
  CampaignLeadMissingError,
  writeLeadComment,
} from '../src/modules/campaign-messages/write-lead-comment';
import { seedList } from './leads-support';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

type CampaignOptions = { leads: number; templateId?: number; goal?: string; tone?: string };

/** A draft campaign over a new list, its leads copied in and waiting for their messages (as create_campaign leaves it). */
const seedCampaign = async (h: Harness, userId: string, options: CampaignOptions) => {
  const db = h.deps.db;
  const list = await seedList(h, userId, { count: options.leads, status: 'in_campaign' });
  const timezone = CAMPAIGN_TIMEZONES[0];
  const [campaign] = await db
    .insert(campaigns)
    .values({
      userId,
      listId: list.id,
      name: 'Spring outreach',
      goal: options.goal ?? 'Book a Meeting',
      tone: options.tone ?? 'Friendly, Approachable',
      engagementValue: 7,
      engagementWindowDays: 3,
      templateId: options.templateId ?? 1,
      connectionRequestsPerDay: 10,
      withdrawAfterDays: 7,
      sendTime: SEND_TIMES[0],
      timezoneLabel: timezone.label,
      timeZone: timezone.zone,
      excludeFirstDegree: false,
      excludeNoPicture: false,
      actions: CAMPAIGN_ACTIONS.map((step) => ({ ...step })),
      leadCount: options.leads,
      stepsTotal: options.leads * PLAN_STEPS,
      messagesPending: options.leads,
    })
    .returning();
  if (!campaign) throw new Error('seedCampaign: no campaign');
  const listLeads = await db.select().from(leads).where(eq(leads.listId, list.id)).orderBy(asc(leads.id));
  if (listLeads.length) {
    await db.insert(campaignLeads).values(
      listLeads.map((lead) => ({
        campaignId: campaign.id,
        userId,
        leadId: lead.id,
        name: lead.name,
        headline: lead.headline,
        location: lead.location,
        company: lead.company,
        connectionDegree: lead.connectionDegree,
        linkedinUrl: lead.linkedinUrl,
      })),
    );
  }
  return campaign;
};

const leadsOf = (h: Harness, campaignId: number) =>
  h.deps.db
    .select()
    .from(campaignLeads)
    .where(eq(campaignLeads.campaignId, campaignId))
    .orderBy(asc(campaignLeads.id));

const pendingOf = async (h: Harness, campaignId: number) => {
  const [row] = await h.deps.db
    .select({ pending: campaigns.messagesPending })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row?.pending;
};

const expectAllReady = async (h: Harness, campaignId: number, count: number) => {
  const rows = await leadsOf(h, campaignId);
  expect(rows).toHaveLength(count);
  for (const row of rows) {
    expect(row.messagesState).toBe('ready');
    expect(row.connectionNote?.length).toBeGreaterThan(20);
    expect(row.connectionNote?.length).toBeLessThanOrEqual(CONNECTION_NOTE_MAX);
    expect(row.followUp1?.length).toBeGreaterThan(20);
    expect(row.followUp1?.length).toBeLessThanOrEqual(FOLLOW_UP_MAX);
    expect(row.followUp2?.length).toBeGreaterThan(20);
    expect(row.followUp2?.length).toBeLessThanOrEqual(FOLLOW_UP_MAX);
  }
  expect(await pendingOf(h, campaignId)).toBe(0);
  return rows;
};

/** Polls (bounded) until the campaign has no message left to write. */
const waitForMessages = async (h: Harness, campaignId: number, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while ((await pendingOf(h, campaignId)) !== 0) {
    if (Date.now() > deadline)
      throw new Error(`messages of campaign ${campaignId} not written in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('campaign messages with the offline writer', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('uses the offline writer without LLM_BASE_URL', () => {
    expect(h.deps.writer.kind).toBe('offline');
  });

  it("writes every lead's messages in batches, personalised and signed", async () => {
    const { user } = await seedUser(h);
    const campaign = await seedCampaign(h, user.id, {
      leads: 120,
      templateId: 2,
      tone: 'Professional, Formal',
    });
    await writeCampaignMessages(h.deps, campaign.id);
    const rows = await expectAllReady(h, campaign.id, 120);
    // No LinkedIn account and no company name: the team signs.
    for (const row of rows) {
      expect(row.connectionNote).toMatch(/^Dear Person,/);
      expect(row.connectionNote).toContain('at Acme');
      expect(row.followUp1?.endsWith('The team')).toBe(true);
      expect(row.approval).toBe('pending');
    }
  });

  it("signs with the LinkedIn member's first name and names the user's company", async () => {
    const { user } = await seedUser(h);
    await h.deps.db.update(users).set({ companyName: 'Brightwave' }).where(eq(users.id, user.id));
    await h.deps.db.insert(linkedinAccounts).values({
      userId: user.id,
      liAtSealed: 'sealed',
      profileUrn: 'urn:li:fsd_profile:ACoAAA',
      publicIdentifier: 'samantha-reyes',
      memberName: 'Samantha Reyes',
    });
    const campaign = await seedCampaign(h, user.id, { leads: 3, goal: 'Advertise a Product' });
    await writeCampaignMessages(h.deps, campaign.id);
    for (const row of await expectAllReady(h, campaign.id, 3)) {
      expect(row.connectionNote?.endsWith('Samantha')).toBe(true);
      expect(row.followUp1).toContain('Brightwave');
    }
  });

  it('changes nothing when run again, and never overwrites an edited message', async () => {
    const { user } = await seedUser(h);
    const campaign = await seedCampaign(h, user.id, { leads: 5 });
    await writeCampaignMessages(h.deps, campaign.id);
    const [first] = await leadsOf(h, campaign.id);
    if (!first) throw new Error('no lead');
    await h.deps.db
      .update(campaignLeads)
      .set({ connectionNote: 'My own words, Person.' })
      .where(eq(campaignLeads.id, first.id));
    const before = await leadsOf(h, campaign.id);
    await writeCampaignMessages(h.deps, campaign.id);
    expect(await leadsOf(h, campaign.id)).toEqual(before);
    expect(before[0]?.connectionNote).toBe('My own words, Person.');
    expect(await pendingOf(h, campaign.id)).toBe(0);
  });

  it('resumes after a crash with the leads still waiting, and counts each lead once', async () => {
    const { user } = await seedUser(h);
    const campaign = await seedCampaign(h, user.id, { leads: 120 });
    let calls = 0;
    const crashing: MessageWriter = {
      ...h.deps.writer,
      writeMessages: async (brief, run) => {
        calls += 1;
        if (calls > 60) throw new Error('process killed');
        return h.deps.writer.writeMessages(brief, run);
      },
    };
    await expect(writeCampaignMessages({ ...h.deps, writer: crashing }, campaign.id)).rejects.toThrow(
      'process killed',
    );
    // The first batch of 50 was saved whole; the second was lost whole.
    const halfway = await leadsOf(h, campaign.id);
    expect(halfway.filter((row) => row.messagesState === 'ready')).toHaveLength(50);
    expect(
      halfway.filter((row) => row.messagesState === 'writing' && row.connectionNote === null),
    ).toHaveLength(70);
    expect(await pendingOf(h, campaign.id)).toBe(70);
    await writeCampaignMessages(h.deps, campaign.id);
    await expectAllReady(h, campaign.id, 120);
  });

  it('ends quietly for a campaign that is gone', async () => {
    await expect(writeCampaignMessages(h.deps, 987_654_321)).resolves.toBeUndefined();
    const { user } = await seedUser(h);
    const campaign = await seedCampaign(h, user.id, { leads: 2 });
    await h.deps.db.delete(campaigns).where(eq(campaigns.id, campaign.id));
    await expect(writeCampaignMessages(h.deps, campaign.id)).resolves.toBeUndefined();
  });

  it('leaves other campaigns alone', async () => {
    const { user } = await seedUser(h);
    const mine = await seedCampaign(h, user.id, { leads: 3 });
    const { user: other } = await seedUser(h);
    const theirs = await seedCampaign(h, other.id, { leads: 3 });
    await writeCampaignMessages(h.deps, mine.id);
    expect(await pendingOf(h, theirs.id)).toBe(3);
    for (const row of await leadsOf(h, theirs.id)) expect(row.messagesState).toBe('writing');
  });

  it('runs as the campaign-messages job through the queue', async () => {
    const { user } = await seedUser(h);
    const campaign = await seedCampaign(h, user.id, { leads: 60, templateId: 3 });
    await h.deps.jobs.send('write-campaign-messages', { campaignId: campaign.id });
    await waitForMessages(h, campaign.id);
    await expectAllReady(h, campaign.id, 60);
  });

  it("writes the comment on a lead's post for the engine", async () => {
    const { user } = await seedUser(h);
    const campaign = await seedCampaign(h, user.id, { leads: 1, tone: 'Authoritative, Expert' });
    const [lead] = await leadsOf(h, campaign.id);
    if (!lead) throw new Error('no lead');
    const comment = await writeLeadComment(h.deps, lead.id, 'Pricing is a product decision. Change my mind.');
    expect(comment).toContain('Person');
    expect(comment).toContain('"Pricing is a product decision"');
    expect(comment.length).toBeLessThanOrEqual(COMMENT_MAX);
    await expect(writeLeadComment(h.deps, 987_654_321, 'post')).rejects.toBeInstanceOf(
      CampaignLeadMissingError,
    );
  });
});

describe('campaign messages with an LLM endpoint', () => {
  let h: Harness;
  let standIn: LlmStandIn;
  const logLines: string[] = [];
  beforeAll(async () => {
    standIn = await startLlmStandIn({ apiKey: 'test-key' });
    h = await startHarness({
      env: { LLM_BASE_URL: `${standIn.url}/v1`, LLM_API_KEY: 'test-key' },
      logSink: (line) => logLines.push(line),
    });
  });
  afterAll(async () => {
    await h.close();
    await standIn.close();
  });

  it("writes each lead's messages with the model", async () => {
    expect(h.deps.writer.kind).toBe('llm');
    const { user } = await seedUser(h);
    const campaign = await seedCampaign(h, user.id, { leads: 9, goal: 'Form a Connection' });
    standIn.requests.length = 0;
    await writeCampaignMessages(h.deps, campaign.id);
    for (const row of await expectAllReady(h, campaign.id, 9)) {
      expect(row.connectionNote).toBe(STAND_IN_MESSAGES.connection_note);
      expect(row.followUp2).toBe(STAND_IN_MESSAGES.follow_up_2);
    }
    expect(standIn.requests).toHaveLength(9);
    // One request per lead, each about its own lead.
    const prompts = standIn.requests.map(
      (request) => request.body.messages?.map((message) => message.content).join('\n') ?? '',
    );
    for (let i = 1; i <= 9; i += 1) {
      expect(prompts.filter((prompt) => prompt.includes(`"name":"Person ${i}"`))).toHaveLength(1);
    }
  });

  it('falls back to the offline writer when the model fails, warning once without secrets', async () => {
    standIn.setMode('error');
    const { user } = await seedUser(h);
    const campaign = await seedCampaign(h, user.id, { leads: 6 });
    logLines.length = 0;
    await h.deps.jobs.send('write-campaign-messages', { campaignId: campaign.id });
    await waitForMessages(h, campaign.id);
    for (const row of await expectAllReady(h, campaign.id, 6)) {
      expect(row.connectionNote).not.toBe(STAND_IN_MESSAGES.connection_note);
      expect(row.connectionNote).toMatch(/^Hi Person,/);
    }
    const warnings = logLines.filter((line) => line.includes('offline writer'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('answered HTTP 500');
    expect(warnings[0]).toContain(`"campaignId":${campaign.id}`);
    const all = logLines.join('\n');
    expect(all).not.toContain('test-key');
    expect(all).not.toContain('Person 1');
    standIn.setMode('normal');
  });
});
