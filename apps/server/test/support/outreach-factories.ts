import { randomBytes } from 'node:crypto';
import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_TIMEZONES,
  ENGAGEMENT_WINDOWS,
  MESSAGE_TEMPLATES,
} from '@sales-assist/contract';
import type { PersonSummary, SandboxControl } from '@sales-assist/linkedin-sandbox';
import { and, asc, eq, min } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  type CampaignLeadState,
  campaignLeads,
  campaigns,
  type LinkedInAccountRow,
  leads,
  linkedinAccounts,
  lists,
  type OutreachAction,
  outreachSteps,
  PLAN_STEPS,
} from '../../src/db/schema';
import type { Clock } from '../../src/lib/core/clock';
import { startCampaignSteps } from '../../src/modules/outreach/campaign-steps';
import { type RunResult, runAccount } from '../../src/modules/outreach/run-account';
import type { SeededUser } from './factories';
import type { Harness } from './harness';

export const sandboxOf = (h: Harness): SandboxControl => {
  const running = h.services.sandbox;
  if (!running) throw new Error('the engine tests run against the LinkedIn sandbox');
  return running.control;
};

/** Connects the user's LinkedIn through the API, as the cookie dialog does. */
export const connectLinkedIn = async (
  h: Harness,
  user: SeededUser,
  liAt = `li-at-${randomBytes(6).toString('hex')}`,
): Promise<{ liAt: string; account: LinkedInAccountRow }> => {
  const saved = await h.call('POST', '/api/linkedinAI/store_cookie', {
    token: user.accessToken,
    body: { li_at: liAt },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const [account] = await h.deps.db
    .select()
    .from(linkedinAccounts)
    .where(eq(linkedinAccounts.userId, user.user.id));
  if (!account) throw new Error('no LinkedIn account after store_cookie');
  return { liAt, account };
};

/** People of the sandbox network that fit `pick`, seen from the member (never 1st-degree already). */
export const findPeople = (
  h: Harness,
  liAt: string,
  count: number,
  pick: (person: PersonSummary) => boolean,
  taken: Set<string> = new Set(),
): PersonSummary[] => {
  const found: PersonSummary[] = [];
  for (let offset = 0; found.length < count && offset < 2000; offset += 200) {
    for (const person of sandboxOf(h).people({ offset, limit: 200, liAt }).people) {
      if (found.length >= count) break;
      if (person.connectionDegree === '1st' || taken.has(person.profileUrn) || !pick(person)) continue;
      taken.add(person.profileUrn);
      found.push(person);
    }
  }
  if (found.length < count) throw new Error(`the sandbox has fewer than ${count} such people`);
  return found;
};

const DAY_MS = 86_400_000;
export const hasPostWithin = (person: PersonSummary, now: Date, days: number): boolean =>
  person.posts.some((post) => new Date(post.postedAt).getTime() >= now.getTime() - days * DAY_MS);

type CampaignOptions = {
  connectionRequestsPerDay?: number;
  withdrawAfterDays?: number;
  /** Label of CAMPAIGN_TIMEZONES. */
  timezone?: string;
  /** Value of ENGAGEMENT_WINDOWS (2: "Last 15 days"). */
  engagementValue?: number;
  /** Leads start at this point of the plan: their state, and their first step due now. */
  startAt?: { state: CampaignLeadState; action: OutreachAction; stepsDone: number };
  launch?: boolean;
};

/**
 * A campaign over sandbox people, written to the database with approved messages (the campaign API and
 * the message writer have their own tests), then launched the way launch_campaign launches it.
 */
export const seedLaunchedCampaign = async (
  h: Harness,
  clock: Clock,
  user: SeededUser,
  account: LinkedInAccountRow,
  people: PersonSummary[],
  options: CampaignOptions = {},
) => {
  const db = h.deps.db;
  const now = clock.now();
  const [list] = await db
    .insert(lists)
    .values({ userId: user.user.id, name: `Engine ${randomBytes(4).toString('hex')}`, status: 'in_campaign' })
    .returning();
  if (!list) throw new Error('no list');
  const listLeads = await db
    .insert(leads)
    .values(
      people.map((p) => ({
        userId: user.user.id,
        listId: list.id,
        name: p.name,
        headline: p.headline,
        location: p.location,
        company: p.company ?? '',
        connectionDegree: p.connectionDegree ?? '2nd',
        source: 'LinkedIn Search',
        linkedinUrl: p.profileUrl,
        profileImageUrl: p.pictureUrl,
      })),
    )
    .returning();
  const timezone = options.timezone ?? '(UTC) Coordinated Universal Time';
  const engagementValue = options.engagementValue ?? 2;
  const start = options.startAt;
  const [campaign] = await db
    .insert(campaigns)
    .values({
      userId: user.user.id,
      listId: list.id,
      name: 'Engine campaign',
      goal: 'Book a Meeting',
      tone: 'Friendly, Approachable',
      engagementValue,
      engagementWindowDays: ENGAGEMENT_WINDOWS.find((w) => w.value === engagementValue)?.windowDays ?? 15,
      templateId: MESSAGE_TEMPLATES[0].id,
      connectionRequestsPerDay: options.connectionRequestsPerDay ?? 10,
      withdrawAfterDays: options.withdrawAfterDays ?? 7,
      sendTime: 'Weekdays during working hours',
      timezoneLabel: timezone,
      timeZone: CAMPAIGN_TIMEZONES.find((t) => t.label === timezone)?.zone ?? 'UTC',
      excludeFirstDegree: false,
      excludeNoPicture: false,
      actions: CAMPAIGN_ACTIONS.map((a) => ({ ...a })),
      leadCount: people.length,
      stepsTotal: people.length * PLAN_STEPS,
      stepsDone: (start?.stepsDone ?? 0) * people.length,
      createdAt: now,
    })
    .returning();
  if (!campaign) throw new Error('no campaign');
  const rows = await db
    .insert(campaignLeads)
    .values(
      listLeads.map((lead, i) => ({
        campaignId: campaign.id,
        userId: user.user.id,
        leadId: lead.id,
        name: lead.name,
        headline: lead.headline,
        location: lead.location,
        company: lead.company,
        connectionDegree: lead.connectionDegree,
        linkedinUrl: lead.linkedinUrl,
        profileImageUrl: lead.profileImageUrl,
        profileUrn: start ? (people[i]?.profileUrn ?? null) : null,
        state: start?.state ?? 'pending',
        stepsDone: start?.stepsDone ?? 0,
        messagesState: 'ready' as const,
        connectionNote: `Hi ${lead.name.split(' ')[0]}, I enjoy your work and would like to connect.`,
        followUp1: `Thanks for connecting, ${lead.name.split(' ')[0]}! Would a short call next week suit you?`,
        followUp2: `Hi ${lead.name.split(' ')[0]}, a last note from me: happy to share what we do whenever it helps.`,
        approval: 'approved' as const,
      })),
    )
    .returning();
  if (options.launch === false) return { campaign, leads: rows, list };
  await db.transaction(async (tx) => {
    await startCampaignSteps(tx, campaign, account.id, now);
    // Leads placed further along the plan get their step straight away (launch queues only new leads).
    if (start) {
      await tx.insert(outreachSteps).values(
        rows.map((row) => ({
          campaignLeadId: row.id,
          campaignId: campaign.id,
          accountId: account.id,
          action: start.action,
          dueAt: now,
        })),
      );
    }
  });
  const [launched] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
  return { campaign: launched ?? campaign, leads: rows, list };
};

/** The next time any waiting step of the account falls due. */
const nextDue = async (h: Harness, accountId: string): Promise<Date | null> => {
  const [row] = await h.deps.db
    .select({ at: min(outreachSteps.dueAt) })
    .from(outreachSteps)
    .where(and(eq(outreachSteps.accountId, accountId), eq(outreachSteps.state, 'scheduled')));
  return row?.at ? new Date(row.at) : null;
};

/**
 * Plays the engine forward on the test clock: runs the account's runner while it has work, and jumps
 * the clock to the next due step otherwise (the same clock drives the sandbox's simulated people).
 */
export const playEngine = async (
  h: Harness,
  clock: Clock & { set: (d: Date) => void; advance: (ms: number) => void },
  accountId: string,
  until: Date,
): Promise<RunResult[]> => {
  const runs: RunResult[] = [];
  for (let i = 0; i < 5000 && clock.now() < until; i++) {
    const run = await runAccount({ ...h.deps, random: () => 0.5 }, accountId);
    if (run.ran) {
      runs.push(run);
      clock.advance(3 * 60_000);
      continue;
    }
    const due = await nextDue(h, accountId);
    if (!due || due > until) break;
    clock.set(new Date(Math.max(due.getTime(), clock.now().getTime() + 60_000)));
  }
  return runs;
};

export const leadsOf = (h: Harness, campaignId: number) =>
  h.deps.db
    .select()
    .from(campaignLeads)
    .where(eq(campaignLeads.campaignId, campaignId))
    .orderBy(asc(campaignLeads.id));

export const stepsOf = (h: Harness, campaignId: number) =>
  h.deps.db
    .select()
    .from(outreachSteps)
    .where(eq(outreachSteps.campaignId, campaignId))
    .orderBy(asc(outreachSteps.id));
