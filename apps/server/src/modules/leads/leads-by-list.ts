import type { TLeadsByListResponse } from '@sales-assist/contract';
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { leads } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findOwnList } from './find-list';
import { LEAD_COLUMNS, leadView } from './lead-view';

/** One JSON answer holds at most this many leads; export_list streams lists of any size. */
export const LEADS_BY_LIST_MAX = 100_000;

/** Spec §7 leads_by_list: every lead of one of the caller's lists, in the all-leads order. */
export const leadsByList = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { id: number },
): Promise<TLeadsByListResponse> => {
  const list = await findOwnList(deps.db, userId, input.id);
  if (list.leadCount > LEADS_BY_LIST_MAX) {
    throw new AppError(
      413,
      'too_large',
      `This list has more than ${LEADS_BY_LIST_MAX.toLocaleString('en-US')} leads: use Export to CSV (export_list) instead`,
    );
  }
  const rows = await deps.db
    .select(LEAD_COLUMNS)
    .from(leads)
    .where(eq(leads.listId, list.id))
    .orderBy(desc(leads.id));
  return { leads: rows.map(leadView) };
};
