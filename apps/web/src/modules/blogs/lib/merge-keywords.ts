import { BLOG_KEYWORD_MAX, BLOG_KEYWORDS_MAX } from '@sales-assist/contract';

/** Keywords added to those already there, each once (any letter case), within the blog's keyword limits. */
export const mergeKeywords = (current: string[], added: string[]): string[] => {
  const seen = new Set(current.map((keyword) => keyword.toLowerCase()));
  const merged = [...current];
  for (const keyword of added) {
    const clipped = keyword.slice(0, BLOG_KEYWORD_MAX);
    if (seen.has(clipped.toLowerCase())) continue;
    seen.add(clipped.toLowerCase());
    merged.push(clipped);
  }
  return merged.slice(0, BLOG_KEYWORDS_MAX);
};
