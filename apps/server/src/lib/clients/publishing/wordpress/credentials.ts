import type { SafeRequest } from '../../../security/safe-fetch';
import type { RestStyle } from './site-address';

/** A WordPress site as saved (spec §3: HOSTNAME, USERNAME, PASSWORD) with the base URL already normalised. */
export type WordpressSite = {
  baseUrl: string;
  username: string;
  applicationPassword: string;
  /** How the REST API is addressed: /wp-json/… (default), or /?rest_route=… on sites with plain permalinks. */
  restStyle?: RestStyle;
};

export type WordpressDeps = { request: SafeRequest; timeoutMs: number };

/**
 * HTTP Basic with the application password. WordPress ignores the spaces it shows the password with;
 * we send it as typed.
 */
export const basicAuth = (site: Pick<WordpressSite, 'username' | 'applicationPassword'>) =>
  `Basic ${Buffer.from(`${site.username}:${site.applicationPassword}`, 'utf8').toString('base64')}`;

/** WordPress's REST error body. */
export type WordpressErrorBody = { code?: string; message?: string };

export const parseBody = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

export const errorBodyOf = (body: string): WordpressErrorBody => {
  const json = parseBody(body) as WordpressErrorBody | undefined;
  return json && typeof json === 'object' ? { code: json.code, message: json.message } : {};
};

export const isJson = (headers: Headers) => /[/+]json\b/i.test(headers.get('content-type') ?? '');

/** WordPress messages may hold markup ("<strong>Error:</strong> …"): plain words for the user. */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#0?38;|&amp;/g, '&')
    .replace(/&#8217;|&rsquo;/g, '’')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
