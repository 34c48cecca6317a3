import {
  LEAD_CSV_COLUMNS,
  LEAD_EMAIL_CSV_COLUMNS,
  leadEmailCsvCells,
  type TLead,
} from '@sales-assist/contract';
import { tableCsv } from '../../../app/csv/table-csv';

/** Spec §9 data.csv: the leads in the sample's column order, then their e-mails, safe to open in a spreadsheet. */
export const leadsCsv = (leads: readonly TLead[]): string =>
  tableCsv(
    [...LEAD_CSV_COLUMNS, ...LEAD_EMAIL_CSV_COLUMNS],
    leads.map((lead) => [
      ...LEAD_CSV_COLUMNS.map((column) => lead[column]),
      ...leadEmailCsvCells(lead.email),
    ]),
  );
