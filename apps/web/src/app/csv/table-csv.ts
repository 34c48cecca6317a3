import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula (a lead or campaign named "=HYPERLINK(…)") gets a leading
 * quote. papaparse's own pattern ends in `.*$`, which misses values with a line break after the first
 * character, so ours only looks at that character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A table as CSV text, its header first, with Windows line ends, safe to open in a spreadsheet. */
export const tableCsv = (
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string =>
  Papa.unparse(
    { fields: [...header], data: rows.map((row) => [...row]) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
