import { z } from 'zod';

/**
 * Lenient readers of the fields models answer: a list may come as one comma-separated string, a string
 * may come padded. What cannot be read is an unusable answer (repaired once by the AI layer).
 */
export const ZText = z.string().transform((text) => text.replace(/\s+/g, ' ').trim());

export const ZWordList = z
  .union([z.array(z.string()), z.string().transform((text) => text.split(/[,;\n]/))])
  .transform((words) => [
    ...new Set(words.map((word) => word.replace(/\s+/g, ' ').trim().replace(/^#/, '')).filter(Boolean)),
  ]);

/** Lower-case words joined by hyphens, at most 80 characters, cut at a hyphen. */
export const slugOf = (text: string): string => {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= 80) return slug;
  const cut = slug.slice(0, 81);
  return cut.slice(0, cut.lastIndexOf('-') > 20 ? cut.lastIndexOf('-') : 80).replace(/-+$/, '');
};
