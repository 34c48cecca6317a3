/** The delimiters a CSV file may use (the reader's and the `sep=` line's). */
export type Delimiter = ',' | ';' | '\t';

/** Excel's `sep=;` first line (also `sep=,` and `sep=<tab>`, the tab written as is or as `\t`). */
const SEPARATOR_LINE = /^sep=(,|;|\t|\\t)$/i;

/**
 * The delimiter a file names on its first line, as Excel reads it (`sep=;`), or null when the line is
 * text like any other. The line itself is not a record: the reader and the row counter both skip it.
 */
export const separatorOf = (firstLine: string): Delimiter | null => {
  const found = SEPARATOR_LINE.exec(firstLine.replace(/^\uFEFF/, '').replace(/\r?\n?$/, ''));
  if (!found) return null;
  return found[1] === '\\t' ? '\t' : (found[1] as Delimiter);
};
