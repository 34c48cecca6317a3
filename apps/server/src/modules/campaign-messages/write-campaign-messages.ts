import type { TResearchCard } from '@sales-assist/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { campaignLeads, campaigns, leadResearch } from '../../db/schema';
import { researchBriefOf } from '../../lib/writers/message-writer/research-brief';
import type { MessageWriter, WriterRun } from '../../lib/writers/message-writer/types';
import { type BriefLead, briefOf, type Sender, senderOf } from './lead-brief';
import { usageRecordingRun } from './record-writer-usage';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'writer'>;

/** Leads written and saved together: a crash loses at most one batch of work, never a saved one. */
export const MESSAGE_BATCH = 50;
/** Requests in flight at once to an LLM endpoint (the offline writer needs no concurrency). */
const LLM_CONCURRENCY = 4;

type Lead = BriefLead & { id: number };
type Campaign = {
  id: number;
  userId: string;
  templateId: number;
  templateName: string | null;
  templateText: string | null;
  goal: string;
  tone: string;
};

/** Runs `work` over `items` with at most `limit` at a time, answers in the items' order. */
const mapLimited = async <T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
};

const writeBatch = (
  writer: MessageWriter,
  campaign: Campaign,
  sender: Sender,
  leads: Lead[],
  run: WriterRun,
) =>
  mapLimited(leads, writer.kind === 'llm' ? LLM_CONCURRENCY : 1, (lead) =>
    writer.writeMessages(briefOf(campaign, sender, lead), run),
  );

/**
 * Saves one batch. Only leads still 'writing' take the new texts, so a rerun (a retried job, a second
 * job for the same campaign) never overwrites an edit, and messages_pending goes down by exactly the
 * rows that changed.
 */
const saveBatch = async (
  deps: Deps,
  campaign: Campaign,
  leads: Lead[],
  written: Awaited<ReturnType<typeof writeBatch>>,
): Promise<void> => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    let saved = 0;
    for (const [index, lead] of leads.entries()) {
      const messages = written[index];
      if (!messages) continue;
      const updated = await tx
        .update(campaignLeads)
        .set({
          connectionNote: messages.connection_note,
          followUp1: messages.follow_up_1,
          followUp2: messages.follow_up_2,
          messagesState: 'ready',
          updatedAt: now,
        })
        .where(
          and(
            eq(campaignLeads.id, lead.id),
            eq(campaignLeads.campaignId, campaign.id),
            eq(campaignLeads.messagesState, 'writing'),
          ),
        )
        .returning({ id: campaignLeads.id });
      saved += updated.length;
    }
    if (saved === 0) return;
    await tx
      .update(campaigns)
      .set({ messagesPending: sql`greatest(${campaigns.messagesPending} - ${saved}, 0)`, updatedAt: now })
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.userId, campaign.userId)));
  });
};

/**
 * The 'campaign-messages' job: writes the messages of every lead of a campaign that is still
 * 'writing', batch by batch. A retried job picks up the leads still 'writing', so it resumes where a
 * crash stopped it; a campaign deleted meanwhile ends the job quietly.
 */
export const writeCampaignMessages = async (deps: Deps, campaignId: number): Promise<void> => {
  const [campaign] = await deps.db
    .select({
      id: campaigns.id,
      userId: campaigns.userId,
      templateId: campaigns.templateId,
      templateName: campaigns.templateName,
      templateText: campaigns.templateText,
      goal: campaigns.goal,
      tone: campaigns.tone,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!campaign) return;
  const sender = await senderOf(deps.db, campaign.userId);
  const { run, settle } = usageRecordingRun(deps.db, {
    userId: campaign.userId,
    campaignId,
    purpose: 'campaign_messages',
  });
  // Walks the partial index campaign_leads_writing_idx by id, so a lead that stays 'writing' (saved
  // by nobody, e.g. its row changed meanwhile) is passed over rather than read again forever.
  let afterId = 0;
  for (;;) {
    const leads = await deps.db
      .select({
        id: campaignLeads.id,
        name: campaignLeads.name,
        headline: campaignLeads.headline,
        company: campaignLeads.company,
        location: campaignLeads.location,
        industry: campaignLeads.industry,
        postText: campaignLeads.postText,
        researchCard: leadResearch.card,
        researchWriter: leadResearch.writer,
      })
      .from(campaignLeads)
      // The list lead's Prospect Research card, when it was researched: grounding for the messages.
      .leftJoin(
        leadResearch,
        and(eq(leadResearch.userId, campaignLeads.userId), eq(leadResearch.leadId, campaignLeads.leadId)),
      )
      .where(
        and(
          eq(campaignLeads.campaignId, campaign.id),
          eq(campaignLeads.messagesState, 'writing'),
          eq(campaignLeads.userId, campaign.userId),
          gt(campaignLeads.id, afterId),
        ),
      )
      .orderBy(asc(campaignLeads.id))
      .limit(MESSAGE_BATCH);
    if (leads.length === 0) return;
    const briefed = leads.map(({ researchCard, researchWriter, ...lead }) => ({
      ...lead,
      research: researchBriefOf(researchCard as TResearchCard | null, researchWriter),
    }));
    const written = await writeBatch(deps.writer, campaign, sender, briefed, run);
    await settle();
    await saveBatch(deps, campaign, leads, written);
    afterId = leads.at(-1)?.id ?? afterId;
    if (leads.length < MESSAGE_BATCH) return;
  }
};
