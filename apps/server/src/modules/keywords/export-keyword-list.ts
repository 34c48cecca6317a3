import { KEYWORD_CSV_COLUMNS, keywordCsvFileName } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { safeCsvRecord, UTF8_BOM } from '../leads/csv/csv-format';
import { findOwnKeywordList } from './find-keyword-list';
import { keywordsOf } from './keyword-list-view';

const cell = (value: number | string | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/**
 * One of the caller's keyword lists as CSV (KEYWORD_CSV_COLUMNS), with the leads export's writer: RFC
 * 4180 quoting, a byte order mark for Excel, and every cell a spreadsheet would run as a formula
 * neutralised. Metrics columns are empty where no provider gave them (never estimated).
 */
export const exportKeywordList = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: number,
): Promise<{ fileName: string; csv: string }> => {
  const row = await findOwnKeywordList(deps.db, userId, id);
  const lines = keywordsOf(row).map((keyword) =>
    safeCsvRecord([
      keyword.text,
      keyword.intent,
      keyword.theme,
      cell(keyword.relevance),
      cell(keyword.metrics?.avg_monthly_searches),
      cell(keyword.metrics?.competition),
      cell(keyword.metrics?.competition_index),
      cell(keyword.metrics?.low_top_of_page_bid),
      cell(keyword.metrics?.high_top_of_page_bid),
    ]),
  );
  return {
    fileName: keywordCsvFileName(row.title),
    csv: UTF8_BOM + safeCsvRecord(KEYWORD_CSV_COLUMNS) + lines.join(''),
  };
};
