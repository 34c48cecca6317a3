/**
 * A strict check of the HTML the offline writer produces (used by its tests): well-formed, only the
 * tags a blog body may hold, no attribute but an https href on a link, and text with no raw angle
 * brackets or unknown entities. Stricter than a browser on purpose: anything it lets through is safe.
 */
const ALLOWED = new Set(['h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote']);
const ENTITY = /^&(?:amp|lt|gt|quot|#39);/;

export const safeHtmlProblems = (html: string): string[] => {
  const problems: string[] = [];
  const open: string[] = [];
  let index = 0;
  while (index < html.length) {
    const char = html[index];
    if (char === '<') {
      const end = html.indexOf('>', index);
      if (end < 0) {
        problems.push(`unclosed tag at ${index}`);
        break;
      }
      const tag = html.slice(index + 1, end);
      const closing = /^\/([a-z0-9]+)$/.exec(tag);
      const opening = /^([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)$/.exec(tag);
      if (closing?.[1]) {
        const expected = open.pop();
        if (expected !== closing[1]) problems.push(`</${closing[1]}> closes <${expected ?? 'nothing'}>`);
      } else if (opening?.[1]) {
        const name = opening[1];
        if (!ALLOWED.has(name)) problems.push(`tag <${name}> is not allowed`);
        const attributes = [...(opening[2] ?? '').matchAll(/([a-z-]+)="([^"]*)"/g)];
        for (const [, attribute, value] of attributes) {
          if (name !== 'a' || attribute !== 'href') problems.push(`attribute ${attribute} on <${name}>`);
          else if (!/^https:\/\/[^\s]+$/.test(value ?? '')) problems.push(`link to ${value}`);
        }
        if (name === 'a' && attributes.length === 0) problems.push('link without href');
        open.push(name);
      } else {
        problems.push(`malformed tag <${tag}>`);
      }
      index = end + 1;
      continue;
    }
    if (char === '>') problems.push(`raw > at ${index}`);
    if (char === '&' && !ENTITY.test(html.slice(index))) problems.push(`bare & at ${index}`);
    index += 1;
  }
  if (open.length > 0) problems.push(`unclosed ${open.map((name) => `<${name}>`).join(', ')}`);
  return problems;
};
