/**
 * RFC 4180 writing: a field is quoted when it holds a quote, the delimiter, a line break or edge
 * spaces; quotes inside are doubled; records end in CRLF.
 */
export const csvField = (value: string): string =>
  /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

export const csvRecord = (fields: readonly string[]): string => `${fields.map(csvField).join(',')}\r\n`;

/**
 * A spreadsheet runs a cell that starts with =, +, -, @, tab or carriage return as a formula (OWASP
 * "CSV injection"); a leading single quote makes it text.
 */
export const neutralizeFormula = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** A record safe to open in a spreadsheet. */
export const safeCsvRecord = (fields: readonly string[]): string => csvRecord(fields.map(neutralizeFormula));

/** Excel reads a CSV file as UTF-8 only when it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** PostgreSQL COPY … (FORMAT csv): an unquoted empty field is NULL, a quoted one is text. */
export const copyField = (value: string | number | null): string => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // Most fields hold no quote: skip the replace (this runs for every field of a 100,000-row import).
  return value.includes('"') ? `"${value.replaceAll('"', '""')}"` : `"${value}"`;
};

export const copyRecord = (fields: readonly (string | number | null)[]): string =>
  `${fields.map(copyField).join(',')}\n`;
