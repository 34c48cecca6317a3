import { z } from 'zod';
import { FetchFailedError, UnsafeUrlError } from '../../../security/safe-fetch';
import { basicAuth, errorBodyOf, isJson, parseBody, plainText, type WordpressDeps } from './credentials';
import { loginRefusedMessage } from './errors';
import { normaliseWordpressAddress, type RestStyle, restUrl } from './site-address';

/** Why a WordPress site cannot be connected; each has its own message for the user. */
export type WordpressCheckProblem =
  | 'missing_information'
  | 'invalid_address'
  | 'unsafe_host'
  | 'unreachable'
  | 'not_wordpress'
  | 'moved'
  | 'login_refused'
  | 'cannot_publish'
  | 'application_passwords_disabled'
  | 'authorization_blocked'
  | 'site_error';

export type WordpressCheck =
  | {
      ok: true;
      /** The base URL to save (after normalising and same-site redirects). */
      baseUrl: string;
      /** How to address its REST API (save it with the site). */
      restStyle: RestStyle;
      user: { id: number; name: string };
    }
  | { ok: false; problem: WordpressCheckProblem; message: string };

const ZMe = z.object({
  id: z.number().int(),
  name: z.string().default(''),
  roles: z.array(z.string()).optional(),
  capabilities: z.record(z.string(), z.boolean()).optional(),
});

const ROLE_NAMES: Record<string, string> = {
  subscriber: 'Subscriber',
  contributor: 'Contributor',
  author: 'Author',
  editor: 'Editor',
  administrator: 'Administrator',
};

const ME = '/wp/v2/users/me';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const fail = (problem: WordpressCheckProblem, message: string): WordpressCheck => ({
  ok: false,
  problem,
  message,
});
const bareHost = (url: URL) => url.host.replace(/^www\./, '');

/**
 * Checks a WordPress site with the user's username and application password: one call to
 * /wp-json/wp/v2/users/me through the SSRF-safe request, read so each way it can go wrong gets its own
 * message. Redirects to the same site (http → https, adding or dropping www.) are followed; a move to
 * another site is reported, never followed with the password.
 */
export const checkWordpressSite = async (
  input: { host: string; username: string; applicationPassword: string },
  deps: WordpressDeps,
): Promise<WordpressCheck> => {
  // Spec §5: the WordPress dialog's words when a field is empty.
  if (!input.host.trim() || !input.username.trim() || !input.applicationPassword.trim())
    return fail('missing_information', 'Fill all the information');
  const pretty = await checkWith(input, deps, 'pretty');
  if (pretty.ok || pretty.problem !== 'not_wordpress') return pretty;
  // With "Plain" permalinks /wp-json/ is not routed, but /?rest_route= reaches the same API.
  const plain = await checkWith(input, deps, 'plain');
  return plain.ok || (plain.problem !== 'not_wordpress' && plain.problem !== 'unreachable') ? plain : pretty;
};

const checkWith = async (
  input: { host: string; username: string; applicationPassword: string },
  deps: WordpressDeps,
  style: RestStyle,
): Promise<WordpressCheck> => {
  const address = normaliseWordpressAddress(input.host);
  if (!address.ok) return fail('invalid_address', address.message);
  const username = input.username.trim();
  const password = input.applicationPassword.trim();
  let baseUrl = address.baseUrl;
  const label = address.label;

  for (let hop = 0; ; hop++) {
    let answer: Awaited<ReturnType<WordpressDeps['request']>>;
    try {
      answer = await deps.request(restUrl(baseUrl, `${ME}?context=edit`, style), {
        method: 'GET',
        headers: {
          authorization: basicAuth({ username, applicationPassword: password }),
          accept: 'application/json',
        },
        timeoutMs: deps.timeoutMs,
        maxBytes: 512 * 1024,
      });
    } catch (error) {
      if (error instanceof UnsafeUrlError)
        return fail(
          'unsafe_host',
          `We can only connect to public web sites, and ${label} is not one: ${error.message}.`,
        );
      if (error instanceof FetchFailedError)
        return fail(
          'unreachable',
          `We could not reach ${label}: ${error.message}. Check the address and that the site is online.`,
        );
      throw error;
    }

    if (REDIRECTS.has(answer.status)) {
      const location = answer.headers.get('location');
      const target = location ? URL.parse(location, answer.url) : null;
      const suffix = `/wp-json${ME}`;
      const movedBase =
        style === 'plain'
          ? target?.searchParams.get('rest_route') === ME
            ? `${target.origin}${target.pathname.replace(/\/+$/, '')}`
            : null
          : target?.pathname.endsWith(suffix)
            ? `${target.origin}${target.pathname.slice(0, -suffix.length)}`
            : null;
      if (!target || !movedBase)
        return fail(
          'not_wordpress',
          `${label} sends its WordPress API somewhere else; check that this is your WordPress address.`,
        );
      const from = new URL(baseUrl);
      const sameSite =
        bareHost(target) === bareHost(from) &&
        (target.protocol === from.protocol || target.protocol === 'https:');
      if (!sameSite || hop >= 3)
        return fail(
          'moved',
          `${label} has moved to ${target.host}${movedBase.slice(target.origin.length)}. Enter that address instead.`,
        );
      baseUrl = movedBase;
      continue;
    }

    const json = isJson(answer.headers) ? parseBody(answer.body) : undefined;
    const wpError = errorBodyOf(answer.body);
    if (answer.status === 401 && json)
      return wpError.code === 'application_passwords_disabled'
        ? fail(
            'application_passwords_disabled',
            'Application passwords are turned off on this WordPress site; turn them on (or ask the site’s administrator) and try again.',
          )
        : fail('login_refused', loginRefusedMessage(label, username));
    if (answer.status >= 200 && answer.status < 300) {
      const me = ZMe.safeParse(json);
      if (!me.success)
        return fail(
          'not_wordpress',
          `${label} does not look like a WordPress site: it has no WordPress REST API at /wp-json. Check the address (add the folder if WordPress lives in one, e.g. example.com/blog).`,
        );
      // WordPress lists only the capabilities a user has: a Contributor's lack publish_posts. Only a
      // site that sends no capabilities at all (a plugin may hide them) leaves it unknown.
      const { capabilities, roles } = me.data;
      if (capabilities && capabilities.publish_posts !== true) {
        const role = roles?.[0] ? (ROLE_NAMES[roles[0]] ?? roles[0]) : null;
        return fail(
          'cannot_publish',
          `The WordPress account "${username}"${role ? ` is ${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}: its role` : ''} cannot publish posts. Use an account with the Author, Editor or Administrator role, or ask the site’s administrator to give yours one.`,
        );
      }
      return { ok: true, baseUrl, restStyle: style, user: { id: me.data.id, name: me.data.name } };
    }
    if (answer.status === 404 || !json)
      return answer.status >= 500
        ? fail('site_error', `${label} answered with an error (HTTP ${answer.status}). Try again later.`)
        : fail(
            'not_wordpress',
            `${label} does not look like a WordPress site: it has no WordPress REST API at /wp-json. Check the address (add the folder if WordPress lives in one, e.g. example.com/blog).`,
          );
    if (answer.status === 403)
      return fail(
        'authorization_blocked',
        `${label} refused our request: ${plainText(wpError.message ?? 'HTTP 403')}. A security plugin may be blocking the REST API.`,
      );
    return fail(
      'site_error',
      `${label} answered with an error (HTTP ${answer.status}${wpError.message ? `: ${plainText(wpError.message)}` : ''}). Try again later.`,
    );
  }
};
