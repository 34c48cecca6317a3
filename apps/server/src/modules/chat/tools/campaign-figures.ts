import type { TCampaign } from '@sales-assist/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open-database';
import { campaignLeads, campaigns } from '../../../db/schema';
import { campaignView } from '../../campaigns/campaign-view';
import { endedEarlyColumns } from '../../campaigns/ended-early';
import { clip } from './bounds';
import type { Named } from './match-name';

/** Lead states reached only once a connection exists (accepted, or already connected at the invitation). */
const CONNECTED_STATES = ['request_accepted', 'follow_up_1_sent', 'follow_up_2_sent', 'replied', 'finished'];

/** What the chat says about one campaign: the screen's own figures plus the outcome counts and rates. */
export type CampaignFigures = {
  name: string;
  status: TCampaign['Status'];
  status_reason: string;
  created_at: string;
  leads_total: number;
  /** Leads the engine has acted on (a state past Pending), not skipped. */
  leads_contacted: number;
  /** The screen's Campaign Progress (%), and the plan steps it is the ratio of. */
  progress_percent: number;
  steps_done: number;
  steps_total: number;
  failed_leads: number;
  skipped_leads: number;
  requests_sent: number;
  /** Requests sent that were accepted; rate = accepted / requests_sent (null before any request). */
  requests_accepted: number;
  acceptance_rate_percent: number | null;
  /** Leads connected (accepted, or already connected) and those who replied; rate = replied / connected. */
  connected: number;
  replied: number;
  reply_rate_percent: number | null;
};

const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** The caller's campaigns as names to match against (newest first, bounded). */
export const campaignNamesOf = async (db: Db, userId: string, limit = 1000): Promise<Named[]> =>
  db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(eq(campaigns.userId, userId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit);

/**
 * Figures of the caller's campaigns (ids already known to be theirs; the user id is filtered again). The
 * status, lead count, progress and failed leads come from campaignView, the code the campaigns screen
 * answers with, so the chat and the screen never disagree.
 */
export const campaignFigures = async (db: Db, userId: string, ids: number[]): Promise<CampaignFigures[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ campaign: campaigns, ...endedEarlyColumns })
    .from(campaigns)
    .where(and(eq(campaigns.userId, userId), inArray(campaigns.id, ids)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  const states = CONNECTED_STATES.map((state) => sql`${state}`);
  const connected = sql`${campaignLeads.state} IN (${sql.join(states, sql`, `)})`;
  const counts = await db
    .select({
      campaignId: campaignLeads.campaignId,
      contacted:
        sql<number>`count(*) filter (where ${campaignLeads.state} not in ('pending', 'skipped', 'failed')
        or (${campaignLeads.state} = 'failed' and ${campaignLeads.invitationSentAt} is not null))`.mapWith(
          Number,
        ),
      requestsSent:
        sql<number>`count(*) filter (where ${campaignLeads.invitationSentAt} is not null)`.mapWith(Number),
      accepted:
        sql<number>`count(*) filter (where ${connected} and ${campaignLeads.invitationSentAt} is not null)`.mapWith(
          Number,
        ),
      connected: sql<number>`count(*) filter (where ${connected})`.mapWith(Number),
      replied: sql<number>`count(*) filter (where ${campaignLeads.state} = 'replied')`.mapWith(Number),
    })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.userId, userId), inArray(campaignLeads.campaignId, ids)))
    .groupBy(campaignLeads.campaignId);
  return rows.map(({ campaign, ...endedEarly }) => {
    const view = campaignView(campaign, endedEarly);
    const c = counts.find((row) => row.campaignId === campaign.id);
    const requestsSent = c?.requestsSent ?? 0;
    const accepted = c?.accepted ?? 0;
    const connectedLeads = c?.connected ?? 0;
    const replied = c?.replied ?? 0;
    return {
      name: clip(view['Campaign List'], 200),
      status: view.Status,
      status_reason: clip(view['Status Reason'], 300),
      created_at: view.TimeStamp,
      leads_total: view['Leads Count'],
      leads_contacted: c?.contacted ?? 0,
      progress_percent: view['Campaign Progress'],
      steps_done: campaign.stepsDone,
      steps_total: campaign.stepsTotal,
      failed_leads: view['Failed Leads'],
      skipped_leads: endedEarly.skippedLeads,
      requests_sent: requestsSent,
      requests_accepted: accepted,
      acceptance_rate_percent: percent(accepted, requestsSent),
      connected: connectedLeads,
      replied,
      reply_rate_percent: percent(replied, connectedLeads),
    };
  });
};

const rate = (value: number | null) => (value === null ? 'n/a' : `${value}%`);

/** One line a person reads: "Q4 push (On Going): 12/120 leads contacted, 34 of 80 requests accepted (42.5%) …". */
export const describeCampaign = (f: CampaignFigures): string =>
  `${f.name} (${f.status}): ${f.leads_contacted}/${f.leads_total} leads contacted, progress ${f.progress_percent}%, ` +
  `${f.requests_accepted} of ${f.requests_sent} requests accepted (${rate(f.acceptance_rate_percent)}), ` +
  `${f.replied} of ${f.connected} connected replied (${rate(f.reply_rate_percent)})`;
