import type { TLeadResearch, TResearchCard, TResearchLead, TResearchSource } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { type LeadResearchRow, leadResearch, leads, lists } from '../../db/schema';
import { notFound } from '../../http/errors';

export type ResearchedLead = TResearchLead & { linkedinUrl: string };

export const LEAD_NOT_FOUND = 'Lead not found';

/** The caller's lead with its list's name; another user's lead is not found. */
export const findLead = async (db: DbOrTx, userId: string, leadId: number): Promise<TResearchLead> => {
  const [row] = await db
    .select({
      id: leads.id,
      name: leads.name,
      headline: leads.headline,
      company: leads.company,
      linkedin_url: leads.linkedinUrl,
      list_name: lists.name,
    })
    .from(leads)
    .innerJoin(lists, eq(lists.id, leads.listId))
    .where(and(eq(leads.userId, userId), eq(leads.id, leadId)));
  if (!row) throw notFound(LEAD_NOT_FOUND);
  return row;
};

export const researchView = (lead: TResearchLead, row: LeadResearchRow): TLeadResearch => ({
  lead,
  card: row.card as TResearchCard,
  sources: row.sources as TResearchSource[],
  notes: row.notes,
  website: row.website,
  writer: row.writer,
  model: row.model,
  researched_at: row.researchedAt.toISOString(),
});

/** GET /api/leads/:id/research: the card saved on the caller's lead (404 when there is none yet). */
export const getLeadResearch = async (
  deps: { db: DbOrTx },
  userId: string,
  leadId: number,
): Promise<TLeadResearch> => {
  const lead = await findLead(deps.db, userId, leadId);
  const [row] = await deps.db
    .select()
    .from(leadResearch)
    .where(and(eq(leadResearch.userId, userId), eq(leadResearch.leadId, leadId)));
  if (!row) throw notFound('This lead has not been researched yet');
  return researchView(lead, row);
};
