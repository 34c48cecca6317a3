import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, sendJson } from '../http';
import { acceptsAllByDefault, domainOfCompany, isKnownByDefault, scoreOf, standInEmailOf } from './people';
import type { HunterCall, HunterFailure, HunterStandIn } from './types';

/**
 * A local stand-in of Hunter's API v2 (https://hunter.io/api-documentation/v2) for the two calls Find
 * Email makes, answering as Hunter documents them:
 * - GET /v2/email-finder?domain=|company=&first_name=&last_name=&api_key= →
 *   { data: { first_name, last_name, email (null when nobody is found), score, domain, accept_all,
 *   position, company, sources[], verification: { date, status } }, meta: { params } };
 * - GET /v2/email-verifier?email=&api_key= → { data: { status (valid, invalid, accept_all, webmail,
 *   disposable, unknown), result, score, email, regexp, gibberish, disposable, webmail, mx_records,
 *   smtp_server, smtp_check, accept_all, block, sources[] }, meta: { params } }.
 * Errors come as { errors: [{ id, code, details }] }: 400 wrong_params, 401 authentication_failed, 429
 * too_many_requests, 451 claimed_email, and any failure a test queues with failNext.
 */

export const STAND_IN_HUNTER_KEY = 'stand-in-hunter-key';

export const HUNTER_TOO_MANY_REQUESTS: HunterFailure = {
  status: 429,
  id: 'too_many_requests',
  details: 'You have reached the rate limit for this API. Please wait and try again.',
};

const WEBMAIL = new Set(['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com']);
const DISPOSABLE = new Set(['mailinator.com', 'yopmail.com']);

const fail = (response: ServerResponse, failure: HunterFailure): void =>
  sendJson(response, failure.status, {
    errors: [{ id: failure.id, code: failure.status, details: failure.details }],
  });

const personKey = (first: string, last: string): string => `${first} ${last}`.trim().toLowerCase();

export const startHunterStandIn = async (apiKey = STAND_IN_HUNTER_KEY): Promise<HunterStandIn> => {
  const calls: HunterCall[] = [];
  const failures: HunterFailure[] = [];
  const unknownPeople = new Set<string>();
  const knownPeople = new Set<string>();
  const acceptAllDomains = new Set<string>();
  const claimedPeople = new Set<string>();
  /** Who each found address belongs to, so the verifier answers 451 for a claimed person too. */
  const owners = new Map<string, string>();

  const isKnown = (first: string, last: string): boolean => {
    const key = personKey(first, last);
    if (knownPeople.has(key)) return true;
    if (unknownPeople.has(key)) return false;
    return isKnownByDefault(first, last);
  };
  const acceptsAll = (domain: string): boolean => acceptAllDomains.has(domain) || acceptsAllByDefault(domain);

  const finder = (response: ServerResponse, params: Record<string, string>) => {
    const first = (params.first_name ?? '').trim();
    const last = (params.last_name ?? '').trim();
    const domain = (params.domain ?? '').trim().toLowerCase() || domainOfCompany(params.company ?? '');
    if (!domain)
      return fail(response, {
        status: 400,
        id: 'wrong_params',
        details: 'You are missing the domain or company parameter',
      });
    if (!first || !last)
      return fail(response, {
        status: 400,
        id: 'wrong_params',
        details: 'You are missing the first_name or last_name parameter',
      });
    const key = personKey(first, last);
    if (claimedPeople.has(key))
      return fail(response, {
        status: 451,
        id: 'claimed_email',
        details:
          'The person behind this email address has asked us directly or indirectly to stop the processing of this email. Therefore, you shall also stop processing it.',
      });
    const known = isKnown(first, last);
    const email = known ? standInEmailOf(first, last, domain) : null;
    if (email) owners.set(email, key);
    const acceptAll = acceptsAll(domain);
    const today = new Date().toISOString().slice(0, 10);
    sendJson(response, 200, {
      data: {
        first_name: first,
        last_name: last,
        email,
        score: email ? scoreOf(email) : null,
        domain,
        accept_all: acceptAll,
        position: null,
        twitter: null,
        linkedin_url: null,
        phone_number: null,
        company: params.company ?? null,
        sources: email
          ? [
              {
                domain,
                uri: `https://${domain}/team`,
                extracted_on: '2026-01-12',
                last_seen_on: today,
                still_on_page: true,
              },
            ]
          : [],
        verification: {
          date: email ? today : null,
          status: email ? (acceptAll ? 'accept_all' : 'valid') : null,
        },
      },
      meta: {
        params: {
          first_name: first,
          last_name: last,
          full_name: null,
          domain: params.domain ?? null,
          company: params.company ?? null,
          max_duration: null,
        },
      },
    });
  };

  const verifier = (response: ServerResponse, params: Record<string, string>) => {
    const email = (params.email ?? '').trim().toLowerCase();
    const at = email.lastIndexOf('@');
    if (at < 1 || at === email.length - 1)
      return fail(response, { status: 400, id: 'invalid_email', details: 'The email address is invalid' });
    const owner = owners.get(email);
    if (owner && claimedPeople.has(owner))
      return fail(response, {
        status: 451,
        id: 'claimed_email',
        details:
          'The person behind this email address has asked us directly or indirectly to stop the processing of this email.',
      });
    const domain = email.slice(at + 1);
    const status = DISPOSABLE.has(domain)
      ? 'disposable'
      : WEBMAIL.has(domain)
        ? 'webmail'
        : acceptsAll(domain)
          ? 'accept_all'
          : owner
            ? 'valid'
            : 'invalid';
    const result = status === 'valid' ? 'deliverable' : status === 'invalid' ? 'undeliverable' : 'risky';
    sendJson(response, 200, {
      data: {
        status,
        result,
        score: status === 'valid' ? scoreOf(email) : status === 'invalid' ? 0 : 50,
        email,
        regexp: true,
        gibberish: false,
        disposable: status === 'disposable',
        webmail: status === 'webmail',
        mx_records: true,
        smtp_server: true,
        smtp_check: status === 'valid',
        accept_all: status === 'accept_all',
        block: false,
        sources: [],
      },
      meta: { params: { email } },
    });
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const params = Object.fromEntries(url.searchParams);
    const key = params.api_key ?? (request.headers['x-api-key'] as string | undefined) ?? '';
    const { api_key: _key, ...asked } = params;
    calls.push({ path: url.pathname, params: asked, keyGiven: key !== '', at: Date.now() });
    if (request.method !== 'GET' || !['/v2/email-finder', '/v2/email-verifier'].includes(url.pathname))
      return fail(response, { status: 400, id: 'wrong_params', details: 'This route does not exist' });
    if (key !== apiKey)
      return fail(response, {
        status: 401,
        id: 'authentication_failed',
        details: 'No user found for the API key supplied',
      });
    const about =
      url.pathname === '/v2/email-finder'
        ? personKey(asked.first_name ?? '', asked.last_name ?? '')
        : (owners.get((asked.email ?? '').trim().toLowerCase()) ?? null);
    const queued = failures.findIndex(
      (failure) =>
        (!failure.only || url.pathname === `/v2/${failure.only}`) &&
        (!failure.person || failure.person.toLowerCase() === about),
    );
    if (queued >= 0) return fail(response, failures.splice(queued, 1)[0] as HunterFailure);
    if (url.pathname === '/v2/email-finder') return finder(response, asked);
    return verifier(response, asked);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    failNext: (...next) => {
      failures.push(...next);
    },
    unknownPeople,
    knownPeople,
    acceptAllDomains,
    claimedPeople,
    close: () => closeServer(server),
  };
};

/** The HUNTER_* variables that point the app at a running stand-in. */
export const standInHunterEnv = (standIn: HunterStandIn): Record<string, string> => ({
  HUNTER_API_KEY: standIn.apiKey,
  HUNTER_BASE_URL: standIn.url,
});
