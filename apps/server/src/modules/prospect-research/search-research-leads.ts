import type { TResearchLeadSearchResponse } from '@sales-assist/contract';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { leadResearch, leads, lists } from '../../db/schema';

const MATCHES = 20;

/** `%`, `_` and `\` typed by a person are letters, not patterns. */
const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = {
  id: leads.id,
  name: leads.name,
  headline: leads.headline,
  company: leads.company,
  linkedin_url: leads.linkedinUrl,
  list_name: lists.name,
  researchedAt: leadResearch.researchedAt,
};

/**
 * The caller's 20 newest leads whose name, company or headline holds `q`. The trigram index on the three
 * columns a line apart (leads_search_trgm_idx) finds the leads that match, so a rare name reads its few rows, not every
 * lead of the user; a word most leads hold is read off the (user_id, id) key backwards until 20 match,
 * whichever the planner finds cheaper.
 */
export const matchingLeads = (db: DbOrTx, userId: string, q: string) =>
  db
    .select(columns)
    .from(leads)
    .innerJoin(lists, eq(lists.id, leads.listId))
    .leftJoin(leadResearch, and(eq(leadResearch.userId, leads.userId), eq(leadResearch.leadId, leads.id)))
    .where(
      and(
        eq(leads.userId, userId),
        // The indexed expression (leads_search_trgm_idx) holds q whenever a column does: the index finds
        // the candidates, the columns decide (no match across two columns).
        sql`(${leads.name} || E'\n' || ${leads.company} || E'\n' || ${leads.headline}) ilike ${likePattern(q)}`,
        or(
          ilike(leads.name, likePattern(q)),
          ilike(leads.company, likePattern(q)),
          ilike(leads.headline, likePattern(q)),
        ),
      ),
    )
    .orderBy(desc(leads.id))
    .limit(MATCHES);

/**
 * GET /api/prospect-research/leads?q=: the caller's leads whose name, company or headline holds `q`, newest
 * first (matchingLeads); without `q`, the leads researched last, off the (user_id, researched_at) index.
 */
export const searchResearchLeads = async (
  db: DbOrTx,
  userId: string,
  q: string,
): Promise<TResearchLeadSearchResponse> => {
  const rows =
    q === ''
      ? await db
          .select(columns)
          .from(leadResearch)
          .innerJoin(leads, and(eq(leads.userId, leadResearch.userId), eq(leads.id, leadResearch.leadId)))
          .innerJoin(lists, eq(lists.id, leads.listId))
          .where(eq(leadResearch.userId, userId))
          .orderBy(desc(leadResearch.researchedAt))
          .limit(MATCHES)
      : await matchingLeads(db, userId, q);
  return {
    leads: rows.map(({ researchedAt, ...lead }) => ({
      ...lead,
      researched_at: researchedAt ? researchedAt.toISOString() : null,
    })),
  };
};
