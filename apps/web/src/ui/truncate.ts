/** Spec §9: Headline and Company are cut at 30 characters, with an ellipsis. */
export const TRUNCATE_AT = 30;

export const truncate = (text: string, max = TRUNCATE_AT): string =>
  text.length > max ? `${text.slice(0, max)}...` : text;
