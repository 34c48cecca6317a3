import { LEAD_CSV_COLUMNS, type TLead } from '@sales-assist/contract';
import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula gets a leading quote. papaparse's own pattern ends in
 * `.*$`, which misses values with a line break after the first character, so ours only looks at it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Spec §9 data.csv: the leads in the sample's column order, safe to open in a spreadsheet. */
export const leadsCsv = (leads: readonly TLead[]): string =>
  Papa.unparse(
    {
      fields: [...LEAD_CSV_COLUMNS],
      data: leads.map((lead) => LEAD_CSV_COLUMNS.map((column) => lead[column])),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
