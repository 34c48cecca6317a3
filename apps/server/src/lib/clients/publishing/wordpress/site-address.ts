/**
 * The WordPress address as users type it ("example.com", "https://example.com/blog/",
 * "example.com/wp-admin") made into the site's base URL: https unless said otherwise, no query or
 * trailing slash, and without the WordPress paths people paste by mistake. The REST API is at
 * {base}/wp-json/.
 */
export type SiteAddress = { ok: true; baseUrl: string; label: string } | { ok: false; message: string };

const WORDPRESS_PATHS = /\/(wp-json|wp-admin|wp-login\.php|xmlrpc\.php)(\/.*)?$/i;

export const normaliseWordpressAddress = (typed: string): SiteAddress => {
  const trimmed = typed.trim();
  const invalid = {
    ok: false as const,
    message: 'Enter the address of your WordPress site, like example.com or example.com/blog.',
  };
  if (!trimmed || /\s/.test(trimmed)) return invalid;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return invalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'The address must start with https:// (or http://).' };
  if (url.username || url.password)
    return {
      ok: false,
      message: 'Leave the username and password out of the address: they have their own fields.',
    };
  if (!url.hostname || (!url.hostname.includes('.') && !url.port && url.hostname !== 'localhost'))
    return invalid;
  const path = url.pathname.replace(WORDPRESS_PATHS, '').replace(/\/+$/, '');
  const baseUrl = `${url.protocol}//${url.host}${path}`;
  return { ok: true, baseUrl, label: `${url.host}${path}` };
};

/**
 * "pretty": {base}/wp-json/wp/v2/…; "plain": {base}/?rest_route=/wp/v2/… — the address that works on every
 * WordPress, needed where permalinks are "Plain" and /wp-json/ is not routed.
 */
export type RestStyle = 'pretty' | 'plain';

/** The REST route (with its query, if any) on a site. */
export const restUrl = (baseUrl: string, route: string, style: RestStyle = 'pretty') => {
  if (style === 'pretty') return `${baseUrl}/wp-json${route}`;
  const [path, query] = route.split('?') as [string, string | undefined];
  return `${baseUrl}/?rest_route=${encodeURIComponent(path)}${query ? `&${query}` : ''}`;
};
