import { PROSPECT_RESEARCH_MESSAGES, type TLeadResearch, type TResearchSource } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { leadResearch } from '../../db/schema';
import { AppError } from '../../http/errors';
import { aiFailureReason, isAiAborted, recordAiUsage } from '../../lib/clients/ai';
import type { SiteProfile } from '../website/extract-site-profile';
import { readSite } from '../website/read-site';
import { DailyCapReachedError, readLeadOnLinkedIn, researchAccount } from './read-lead-on-linkedin';
import { postSources, profileSource, siteSource } from './research-sources';
import { findLead, researchView } from './research-view';
import { writeCardOffline } from './write-card-offline';
import { writeCardWithModel } from './write-card-with-model';

export type ResearchDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'vault' | 'linkedin' | 'config' | 'safeFetch' | 'ai'
>;

/** ai_usage.purpose of the card's model request. */
export const RESEARCH_PURPOSE = 'prospect_research';

/**
 * The company site, read like the brand profile reads one (the SSRF-safe fetch, same-site pages its menu
 * links to). A site given now that is unsafe or unreadable is refused (400, nothing else is read); one
 * remembered from an earlier card that no longer answers becomes a note on the card.
 */
const readCompanySite = async (
  deps: ResearchDeps,
  website: string | null,
  givenNow: boolean,
  notes: string[],
): Promise<{ finalUrl: string; profile: SiteProfile } | null> => {
  if (!website) {
    notes.push('No company website was read: give the company’s site to learn what it does and for whom.');
    return null;
  }
  try {
    const site = await readSite(deps.safeFetch, website);
    return { finalUrl: site.finalUrl, profile: site.profile };
  } catch (error) {
    if (givenNow || !(error instanceof AppError)) throw error;
    notes.push(error.message);
    return null;
  }
};

/**
 * POST /api/leads/:id/research: reads the caller's lead on LinkedIn (profile and recent posts, through their
 * account under its caps) and its company site, writes the card (the model when one serves, each point
 * checked against its source; else, or when the model fails, the extractive card) and saves it on the lead,
 * replacing the last one. `wait: false` (the list job) does not wait for a busy account.
 */
export const researchLead = async (
  deps: ResearchDeps,
  userId: string,
  leadId: number,
  request: { website?: string | undefined },
  options: { wait: boolean } = { wait: true },
): Promise<TLeadResearch> => {
  const lead = await findLead(deps.db, userId, leadId);
  const account = await researchAccount(deps, userId);
  const [previous] = await deps.db
    .select({ website: leadResearch.website })
    .from(leadResearch)
    .where(and(eq(leadResearch.userId, userId), eq(leadResearch.leadId, leadId)));
  const notes: string[] = [];
  const website = request.website ?? previous?.website ?? null;
  const site = await readCompanySite(deps, website, request.website !== undefined, notes);

  let read: Awaited<ReturnType<typeof readLeadOnLinkedIn>>;
  try {
    read = await readLeadOnLinkedIn(
      deps,
      account,
      { name: lead.name, linkedinUrl: lead.linkedin_url },
      options,
    );
  } catch (error) {
    if (error instanceof DailyCapReachedError)
      throw new AppError(409, 'daily_cap_reached', error.message, { retry_at: error.until.toISOString() });
    throw error;
  }
  const now = deps.clock.now();
  const posts = postSources(read.posts);
  if (posts.length === 0)
    notes.push('The profile shows no recent posts with text, so there are no topics from posts.');
  const sources: TResearchSource[] = [
    profileSource(read.profile),
    ...posts,
    ...(site ? [siteSource(site.finalUrl, site.profile)] : []),
  ];

  const offline = () => writeCardOffline({ profile: read.profile, posts, site: site?.profile ?? null }, now);
  let card = offline();
  let writer: 'model' | 'offline' = 'offline';
  let model: string | null = null;
  const ai = deps.ai;
  if (ai) {
    const usage: Promise<void>[] = [];
    try {
      const written = await writeCardWithModel(ai, { sources, role: card.role }, (tokens) => {
        usage.push(
          recordAiUsage(deps.db, {
            userId,
            itemId: null,
            purpose: RESEARCH_PURPOSE,
            model: ai.model,
            usage: tokens,
          }),
        );
      });
      card = written.card;
      notes.push(...written.dropped);
      writer = 'model';
      model = ai.model;
    } catch (error) {
      if (isAiAborted(error)) throw error;
      notes.push(
        `The AI model could not write the card (${aiFailureReason(error)}): ${PROSPECT_RESEARCH_MESSAGES.offlineWriter}`,
      );
    } finally {
      await Promise.all(usage);
    }
  }
  if (writer === 'offline' && !ai) notes.push(PROSPECT_RESEARCH_MESSAGES.offlineWriter);

  const values = {
    card,
    sources,
    notes,
    website: site ? website : (previous?.website ?? request.website ?? null),
    writer,
    model,
    researchedAt: now,
  };
  const [saved] = await deps.db
    .insert(leadResearch)
    .values({ leadId, userId, ...values })
    .onConflictDoUpdate({ target: leadResearch.leadId, set: values })
    .returning();
  if (!saved) throw new Error('the research card was not saved');
  return researchView(lead, saved);
};
