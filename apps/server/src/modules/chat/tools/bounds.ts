/** Every tool result is bounded: the model reads it whole, so rows and texts are capped. */
export const TOOL_BOUNDS = { rows: 10, maxRows: 25, text: 400 } as const;

/** The text cut to at most `max` characters (an ellipsis marks a cut). */
export const clip = (text: string | null | undefined, max: number = TOOL_BOUNDS.text): string => {
  const value = (text ?? '').trim();
  return value.length <= max ? value : `${value.slice(0, max - 1).trimEnd()}…`;
};
