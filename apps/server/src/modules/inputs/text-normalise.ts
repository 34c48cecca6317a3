/**
 * Text as it is kept: Unix line ends, no byte-order mark, none of the control characters that
 * extraction can leave behind (PostgreSQL cannot store U+0000 at all), at most one blank line in a row,
 * no space at the ends.
 */
export const normaliseText = (text: string): string =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
