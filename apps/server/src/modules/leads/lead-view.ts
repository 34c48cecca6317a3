import type { TEmailStatus, TLead, TLeadEmail } from '@sales-assist/contract';
import { getTableColumns } from 'drizzle-orm';
import { type LeadRow, leads } from '../../db/schema';

const { userId: _userId, listId: _listId, createdAt: _createdAt, ...leadColumns } = getTableColumns(leads);
/** The columns an answer needs. */
export const LEAD_COLUMNS = leadColumns;

export type LeadViewRow = Omit<LeadRow, 'userId' | 'listId' | 'createdAt'>;

/** The lead's work e-mail as Find Email left it; null while it was never looked up. */
export const leadEmailOf = (
  row: Pick<LeadViewRow, 'email' | 'emailConfidence' | 'emailStatus' | 'emailProvider' | 'emailCheckedAt'>,
): TLeadEmail | null =>
  row.emailCheckedAt && row.emailProvider
    ? {
        address: row.email,
        confidence: row.emailConfidence,
        status: row.emailStatus as TEmailStatus | null,
        provider: row.emailProvider,
        checked_at: row.emailCheckedAt.toISOString(),
      }
    : null;

/** Spec §3 Lead; "None" stands for a missing picture, as the client expects. */
export const leadView = (row: LeadViewRow): TLead => ({
  id: row.id,
  isSelected: row.isSelected,
  'Profile Image URL': row.profileImageUrl ?? 'None',
  Name: row.name,
  Headline: row.headline,
  Location: row.location,
  Company: row.company,
  'Connection Degree': row.connectionDegree,
  Source: row.source,
  'Linkedin URL': row.linkedinUrl,
  email: leadEmailOf(row),
});
