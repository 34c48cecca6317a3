import { type SQL, sql } from 'drizzle-orm';
import { leads } from '../../db/schema';

export type LeadExclusions = { excludeFirstDegree: boolean; excludeNoPicture: boolean };

/**
 * Degrees come from LinkedIn ("1st") and from any CSV export ("1", "1st degree", "• 1st", "DISTANCE_1"),
 * so a first-degree connection is told by its leading "1"/"1st"/"first" word, never "2nd" or "3rd+".
 */
const FIRST_DEGREE = `^[^0-9a-z]*(1|1st|first)([^0-9a-z]|$)|distance_1`;

/** A lead without a picture: no value, an empty one, or the "None" the lead answers use. */
export const hasNoPicture = (column: SQL | typeof leads.profileImageUrl): SQL =>
  sql`lower(trim(coalesce(${column}, ''))) IN ('', 'none')`;

/**
 * Which of a list's leads a campaign takes: step 2's count and create_campaign's copy use this one
 * condition, so the number shown is the number copied.
 */
export const campaignLeadCondition = (listId: number, exclusions: LeadExclusions): SQL => {
  const parts = [sql`${leads.listId} = ${listId}`];
  if (exclusions.excludeFirstDegree)
    parts.push(sql`NOT (lower(${leads.connectionDegree}) ~ ${FIRST_DEGREE})`);
  if (exclusions.excludeNoPicture) parts.push(sql`NOT (${hasNoPicture(leads.profileImageUrl)})`);
  return sql.join(parts, sql` AND `);
};

/** The client sends the exclusions as 0/1 flags (spec §7). */
export const exclusionsOf = (input: { connection_degree: number; isProfilePic: number }): LeadExclusions => ({
  excludeFirstDegree: input.connection_degree === 1,
  excludeNoPicture: input.isProfilePic === 1,
});
