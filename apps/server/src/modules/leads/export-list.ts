import { LEAD_CSV_COLUMNS, LEAD_EMAIL_CSV_COLUMNS, leadEmailCsvCells } from '@sales-assist/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { leads } from '../../db/schema';
import { safeCsvRecord, UTF8_BOM } from './csv/csv-format';
import { findOwnList } from './find-list';
import { leadEmailOf } from './lead-view';

const BATCH = 2000;
export const EXPORT_FILE_NAME = 'data.csv';

/**
 * Spec §9 data.csv of one of the caller's lists, with the e-mail columns the all-leads export has: checks the list first (404 before anything is sent),
 * then yields CSV text batch by batch, read by the (list_id, id) index, safe to open in a spreadsheet.
 */
export const exportList = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { id: number },
): Promise<AsyncGenerator<string>> => {
  const list = await findOwnList(deps.db, userId, input.id);
  async function* csv(): AsyncGenerator<string> {
    yield UTF8_BOM + safeCsvRecord([...LEAD_CSV_COLUMNS, ...LEAD_EMAIL_CSV_COLUMNS]);
    let before: number | undefined;
    for (;;) {
      const rows = await deps.db
        .select()
        .from(leads)
        .where(and(eq(leads.listId, list.id), before === undefined ? undefined : lt(leads.id, before)))
        .orderBy(desc(leads.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      yield rows
        .map((lead) =>
          safeCsvRecord([
            lead.name,
            lead.headline,
            lead.location,
            lead.company,
            lead.connectionDegree,
            lead.source,
            lead.linkedinUrl,
            lead.profileImageUrl ?? 'None',
            ...leadEmailCsvCells(leadEmailOf(lead)),
          ]),
        )
        .join('');
      before = rows.at(-1)?.id;
      if (rows.length < BATCH) return;
    }
  }
  return csv();
};
