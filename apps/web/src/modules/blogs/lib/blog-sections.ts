/** A `<h2>` section of the editor's HTML, with its index as the server counts sections. */
export type TSectionRef = { index: number; heading: string };

/**
 * The sections "Regenerate section" can rewrite, read from the editor's current HTML the way the server
 * cuts a body (modules/blogs/blog-html.ts): at each `<h2>`, text before the first heading being
 * section 0 with no heading (an introduction, which is not offered).
 */
export const sectionsOfHtml = (html: string): TSectionRef[] => {
  const parts = html.split(/(?=<h2[\s>])/i).filter((part) => part.trim() !== '');
  return parts.flatMap((part, index) => {
    const match = /^<h2(?:\s[^>]*)?>([\s\S]*?)<\/h2>/i.exec(part);
    if (!match) return [];
    const heading = (match[1] ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&nbsp;/g, ' ')
      .trim();
    return [{ index, heading: heading || 'Untitled section' }];
  });
};
