/**
 * A post's text as a read-back compares it: what a platform may change without changing the post made
 * the same on both sides (line ends, which multipart encoding turns into CR LF; Unicode composition;
 * whitespace around the whole text, which platforms trim). Everything else must match exactly.
 */
export const comparableText = (text: string): string => text.replace(/\r\n?/g, '\n').normalize('NFC').trim();

/**
 * How far before the attempt's start a read-back looks: our clock and the platform's are not the same
 * clock, and a platform may date a post when it began taking it. Wide on purpose: a post of the same
 * account with the same text within minutes is ours (the platforms refuse such repeats as duplicates).
 */
export const READ_BACK_CLOCK_SLACK_MS = 5 * 60_000;
