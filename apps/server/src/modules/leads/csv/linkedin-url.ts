/** LinkedIn member ids used as profile paths (ACoAA…, ACwAA…) are case-sensitive, unlike vanity names. */
const MEMBER_ID = /^AC[a-zA-Z0-9_-]{20,}$/;
const MAX_SLUG = 200;
/** Most files already hold the canonical form: no need to parse those. */
const CANONICAL = /^https:\/\/www\.linkedin\.com\/in\/([a-z0-9-]{1,100})\/?$/;
/** A plain https address with a lower-case host and nothing to escape is kept as it is. */
const PLAIN_HTTPS = /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?\/[\x21-\x7e]*$/;
const UNSAFE = /["'<>\\`]/;

/**
 * The one spelling of a member's profile address: https://www.linkedin.com/in/<slug>, the slug
 * percent-decoded and lower-case, without query, fragment, trailing path or slash. Accepts http, any
 * linkedin.com subdomain (www, m, country) and a missing scheme. Anything else answers null.
 */
export const normalizeLinkedinUrl = (raw: string): string | null => {
  const canonical = CANONICAL.exec(raw);
  if (canonical) return `https://www.linkedin.com/in/${canonical[1]}`;
  let text = raw.trim().replace(/^<(.*)>$/, '$1');
  if (!text) return null;
  if (text.startsWith('//')) text = `https:${text}`;
  else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (host !== 'linkedin.com' && !host.endsWith('.linkedin.com')) return null;
  const [section, encodedSlug] = url.pathname.split('/').filter(Boolean);
  if (section?.toLowerCase() !== 'in' || !encodedSlug) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(encodedSlug);
  } catch {
    return null;
  }
  slug = slug.trim();
  if (!slug || slug.length > MAX_SLUG || /[\s/?#%\\<>"]/.test(slug)) return null;
  return `https://www.linkedin.com/in/${MEMBER_ID.test(slug) ? slug : slug.toLowerCase()}`;
};

/** A picture address the browser may load: http(s) only (never javascript: or data:), else null. */
export const normalizeImageUrl = (raw: string): string | null => {
  const text = raw.trim();
  if (!text || text.toLowerCase() === 'none' || text.length > 2048) return null;
  if (PLAIN_HTTPS.test(text) && !UNSAFE.test(text)) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/** Sales Navigator's own lead pages: open only inside a Sales Navigator seat, never as a public profile. */
const SALES_NAVIGATOR_PATH = /^\/sales\/(?:lead|people)\//i;

/** A Sales Navigator lead link (linkedin.com/sales/lead/… or /sales/people/…), scheme optional. */
export const isSalesNavigatorUrl = (raw: string): boolean => {
  const text = raw.trim();
  if (!text) return false;
  try {
    const url = new URL(
      /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`,
    );
    const host = url.hostname.toLowerCase();
    return (
      (host === 'linkedin.com' || host.endsWith('.linkedin.com')) && SALES_NAVIGATOR_PATH.test(url.pathname)
    );
  } catch {
    return false;
  }
};
