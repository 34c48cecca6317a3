import { LEAD_CSV_COLUMNS, type TLead } from '@sales-assist/contract';
import { tableCsv } from '../../../app/csv/table-csv';

/** The e-mail columns after the sample's: empty for a lead never looked up or nobody found. */
const EMAIL_COLUMNS = ['Email', 'Email Status', 'Email Confidence'] as const;

const emailCells = (lead: TLead): string[] =>
  lead.email?.address
    ? [
        lead.email.address,
        lead.email.status ?? '',
        lead.email.confidence === null ? '' : String(lead.email.confidence),
      ]
    : ['', '', ''];

/** Spec §9 data.csv: the leads in the sample's column order, then their e-mails, safe to open in a spreadsheet. */
export const leadsCsv = (leads: readonly TLead[]): string =>
  tableCsv(
    [...LEAD_CSV_COLUMNS, ...EMAIL_COLUMNS],
    leads.map((lead) => [...LEAD_CSV_COLUMNS.map((column) => lead[column]), ...emailCells(lead)]),
  );
