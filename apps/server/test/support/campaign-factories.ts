import { randomBytes } from 'node:crypto';
import { CAMPAIGN_ACTIONS, MESSAGE_TEMPLATES, type TCreateCampaignRequest } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppDeps } from '../../src/app-deps';
import { campaignLeads, campaigns, creditLedger, leads, lists } from '../../src/db/schema';
import type { JobName, JobPayloads } from '../../src/jobs/job-queue';
import type { SeededUser } from './factories';
import type { Harness } from './harness';
import { connectLinkedIn as connectLinkedInAccount } from './outreach-factories';

export const API = '/api/linkedinAI';

/** A job queue that records what the API queued, so tests see it without workers acting on it. */
export type RecordedJob = { name: JobName; data: JobPayloads[JobName]; options?: { singletonKey?: string } };
export const recordingJobs = (): AppDeps['jobs'] & { sent: RecordedJob[] } => {
  const sent: RecordedJob[] = [];
  return {
    sent,
    send: async (name, data, options) => {
      sent.push({ name, data, ...(options ? { options } : {}) });
    },
  };
};

/** Saves an li_at for the user (the in-process sandbox accepts any value as a session); answers it. */
export const connectLinkedIn = async (h: Harness, user: SeededUser): Promise<string> =>
  (await connectLinkedInAccount(h, user)).liAt;

/** Credits through the ledger, as every balance is its sum. */
export const grantCredits = async (h: Harness, userId: string, amount: number): Promise<void> => {
  await h.deps.db.insert(creditLedger).values({ userId, amount, reason: 'test_grant' });
};

export type LeadSeed = { degree?: string; picture?: string | null };

/** A ready list with one lead per seed (2nd degree with a picture unless said otherwise). */
export const seedCampaignList = async (
  h: Harness,
  userId: string,
  seeds: LeadSeed[] | number,
  options: { name?: string; status?: 'ready' | 'importing' | 'in_campaign' | 'error' } = {},
) => {
  const rows: LeadSeed[] = typeof seeds === 'number' ? Array.from({ length: seeds }, () => ({})) : seeds;
  const [list] = await h.deps.db
    .insert(lists)
    .values({
      userId,
      name: options.name ?? `List ${randomBytes(4).toString('hex')}`,
      status: options.status ?? 'ready',
      leadCount: rows.length,
    })
    .returning();
  if (!list) throw new Error('seedCampaignList: no list');
  if (rows.length > 0) {
    await h.deps.db.insert(leads).values(
      rows.map((seed, i) => ({
        userId,
        listId: list.id,
        name: `Person ${i + 1}`,
        headline: `Head of Growth at Company ${i + 1}, building things people love every day`,
        location: 'Paris',
        company: `Company ${i + 1}`,
        connectionDegree: seed.degree ?? '2nd',
        source: 'CSV',
        linkedinUrl: `https://www.linkedin.com/in/person-${list.id}-${i + 1}`,
        profileImageUrl:
          seed.picture === undefined ? `https://media.example.com/p/${i + 1}.jpg` : seed.picture,
      })),
    );
  }
  return list;
};

/** The step-5 payload of spec §7 with the defaults of spec §9. */
export const campaignPayload = (
  listId: number,
  overrides: Partial<Record<keyof TCreateCampaignRequest, unknown>> = {},
): Record<string, unknown> => ({
  campaign_name: 'Spring outreach',
  source: 'LinkedIn',
  campaign_goal: 'Book a Meeting',
  message_tone: 'Friendly, Approachable',
  days_post_engagement: '7 days',
  message: MESSAGE_TEMPLATES[0].description,
  connection_request_per_day: 10,
  withdraw_after: 7,
  time: 'Weekdays during working hours',
  timezone: '(IST) Indian Standard Time',
  list_id: listId,
  connection_degree: 0,
  isProfilePic: 0,
  actions: CAMPAIGN_ACTIONS.map((step) => ({ ...step })),
  ...overrides,
});

export const createCampaign = (h: Harness, user: SeededUser, body: Record<string, unknown>) =>
  h.call('POST', `${API}/create_campaign`, { token: user.accessToken, body });

/** A campaign made through the API (LinkedIn connected, credits granted); answers its id. */
export const seedCampaign = async (
  h: Harness,
  user: SeededUser,
  leadsOrSeeds: LeadSeed[] | number = 3,
  overrides: Partial<Record<keyof TCreateCampaignRequest, unknown>> = {},
): Promise<{ campaignId: number; listId: number }> => {
  const list = await seedCampaignList(h, user.user.id, leadsOrSeeds);
  await grantCredits(h, user.user.id, 50);
  const created = await createCampaign(h, user, campaignPayload(list.id, overrides));
  expect(created.statusCode, created.body).toBe(200);
  return { campaignId: created.json<{ campaign_id: number }>().campaign_id, listId: list.id };
};

/** What the message job would leave behind: every lead's texts written, nothing pending. */
export const markMessagesReady = async (h: Harness, campaignId: number): Promise<void> => {
  const rows = await h.deps.db
    .select({ id: campaignLeads.id, name: campaignLeads.name })
    .from(campaignLeads)
    .where(eq(campaignLeads.campaignId, campaignId));
  for (const row of rows) {
    await h.deps.db
      .update(campaignLeads)
      .set({
        messagesState: 'ready',
        connectionNote: `Hi ${row.name}, glad to connect.`,
        followUp1: `Thanks for connecting, ${row.name}.`,
        followUp2: `One more thought, ${row.name}.`,
      })
      .where(eq(campaignLeads.id, row.id));
  }
  await h.deps.db.update(campaigns).set({ messagesPending: 0 }).where(eq(campaigns.id, campaignId));
};

/** The ids of a campaign's leads in list order. */
export const campaignLeadIds = async (h: Harness, campaignId: number): Promise<number[]> =>
  (
    await h.deps.db
      .select({ id: campaignLeads.id })
      .from(campaignLeads)
      .where(eq(campaignLeads.campaignId, campaignId))
      .orderBy(campaignLeads.id)
  ).map((row) => row.id);

export const campaignRow = async (h: Harness, campaignId: number) => {
  const [row] = await h.deps.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!row) throw new Error(`no campaign ${campaignId}`);
  return row;
};

/**
 * A campaign row written straight to the table (no list, no leads) for tests that count what the log says of
 * it: its name, tone and template as given, the rest as the wizard's defaults leave them.
 */
export const insertCampaignRow = async (
  h: Harness,
  userId: string,
  fields: {
    name: string;
    tone: string;
    templateId: number;
    templateName?: string;
    status?: 'running' | 'paused';
  },
): Promise<number> => {
  const [row] = await h.deps.db
    .insert(campaigns)
    .values({
      userId,
      name: fields.name,
      goal: 'Book a Meeting',
      tone: fields.tone,
      engagementValue: 2,
      engagementWindowDays: 15,
      templateId: fields.templateId,
      templateName: fields.templateName ?? null,
      templateText: fields.templateName ? 'Say hello to {first_name}' : null,
      connectionRequestsPerDay: 10,
      withdrawAfterDays: 7,
      sendTime: 'Weekdays during working hours',
      timezoneLabel: '(UTC) Coordinated Universal Time',
      timeZone: 'UTC',
      excludeFirstDegree: false,
      excludeNoPicture: false,
      actions: CAMPAIGN_ACTIONS.map((a) => ({ ...a })),
      status: fields.status ?? 'running',
    })
    .returning({ id: campaigns.id });
  if (!row) throw new Error('insertCampaignRow: insert returned nothing');
  return row.id;
};
