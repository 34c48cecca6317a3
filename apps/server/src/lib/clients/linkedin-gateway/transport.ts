import { setTimeout as sleep } from 'node:timers/promises';
import {
  LinkedInChallengeError,
  LinkedInNotFoundError,
  LinkedInRequestError,
  LinkedInSessionExpiredError,
  LinkedInThrottledError,
  LinkedInTimeoutError,
} from './errors';

export type FetchFn = typeof fetch;

export type TransportOptions = { baseUrl: string; timeoutMs: number; minSpacingMs: number; fetch: FetchFn };

export type Transport = {
  /** Runs one session method: methods of a session never overlap. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** One Voyager API call; answers the parsed JSON of a 2xx, throws the typed errors otherwise. */
  call(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<unknown>;
  credentials(): { liAt: string; jsessionId: string | null };
};

/** A current desktop Chrome, as LinkedIn's web app sees it. */
export const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NORMALIZED_JSON = 'application/vnd.linkedin.normalized+json+2.1';
const X_LI_TRACK = JSON.stringify({
  clientVersion: '1.13.29180',
  mpVersion: '1.13.29180',
  osName: 'web',
  timezoneOffset: 0,
  timezone: 'UTC',
  deviceFormFactor: 'DESKTOP',
  mpName: 'voyager-web',
  displayDensity: 1,
  displayWidth: 1920,
  displayHeight: 1080,
});

/** When LinkedIn gives no Retry-After: a 429 is usually short-lived, a 999 blocks for much longer. */
const DEFAULT_RETRY_AFTER = { 429: 60, 999: 3600 } as const;

/** RFC 6265 cookie-octets: anything else could smuggle another cookie or header into the request. */
const COOKIE_VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/;

const unquote = (value: string): string =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;

type SetCookie = { name: string; value: string; expired: boolean };

const parseSetCookies = (res: Response): SetCookie[] =>
  res.headers.getSetCookie().map((line) => {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    const value = eq < 0 ? '' : pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => {
      const [k = '', v = ''] = a.split('=').map((s) => s.trim());
      if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
      return false;
    });
    return { name, value, expired };
  });

const retryAfterSeconds = (res: Response, status: 429 | 999): number => {
  const header = res.headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - Date.now()) / 1000));
  }
  return DEFAULT_RETRY_AFTER[status];
};

const errorCode = (text: string): string | null => {
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null) return null;
    const data = 'data' in json && typeof json.data === 'object' && json.data !== null ? json.data : json;
    return 'code' in data && typeof data.code === 'string' ? data.code : null;
  } catch {
    return null;
  }
};

const isLoginPath = (path: string): boolean =>
  /^\/(?:login|uas\/login|authwall|signup|checkpoint\/lg\/)/.test(path);

/**
 * Turns LinkedIn's ways of saying no into typed errors. Order matters: a deleted li_at wins over the
 * status it came with, and a redirect is read by where it points.
 */
const classify = (res: Response, text: string, what: string, baseUrl: string): void => {
  if (
    parseSetCookies(res).some(
      (c) => c.name === 'li_at' && (c.expired || c.value === 'delete me' || c.value === ''),
    )
  ) {
    throw new LinkedInSessionExpiredError(`LinkedIn ended the session (${what})`);
  }
  const status = res.status;
  if (status >= 300 && status < 400) {
    const location = res.headers.get('location') ?? '';
    const path = URL.canParse(location, baseUrl) ? new URL(location, baseUrl).pathname : '';
    if (isLoginPath(path))
      throw new LinkedInSessionExpiredError(`LinkedIn sent the session to the login page (${what})`);
    if (path.startsWith('/checkpoint/'))
      throw new LinkedInChallengeError(`LinkedIn asks for a security check (${what})`);
    throw new LinkedInRequestError(`LinkedIn redirected unexpectedly (${what})`, status, 'redirect');
  }
  if (status === 401) throw new LinkedInSessionExpiredError(`LinkedIn refused the session (${what})`);
  if (status === 429 || status === 999) {
    throw new LinkedInThrottledError(
      `LinkedIn is throttling the session (${what})`,
      retryAfterSeconds(res, status),
      status,
    );
  }
  if (status === 403 && /checkpoint\/challenge|"code"\s*:\s*"CHALLENGE"/i.test(text)) {
    throw new LinkedInChallengeError(`LinkedIn asks for a security check (${what})`);
  }
  if (status === 404) throw new LinkedInNotFoundError(`LinkedIn has no such thing (${what})`);
  if (status >= 400 || status < 200) {
    throw new LinkedInRequestError(`LinkedIn answered ${status} (${what})`, status, errorCode(text));
  }
};

export const createTransport = (
  options: TransportOptions,
  given: { liAt: string; jsessionId?: string },
): Transport => {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const liAt = unquote(given.liAt.trim());
  let jsessionId = given.jsessionId ? unquote(given.jsessionId.trim()) : null;
  let queue: Promise<unknown> = Promise.resolve();
  let lastEnd = Number.NEGATIVE_INFINITY;

  /** Waits until `minSpacingMs` have passed since the previous request of this session finished. */
  const pace = async () => {
    if (options.minSpacingMs <= 0) return;
    for (let wait = lastEnd + options.minSpacingMs - performance.now(); wait > 0; ) {
      await sleep(Math.ceil(wait));
      wait = lastEnd + options.minSpacingMs - performance.now();
    }
  };

  const send = async (
    method: string,
    pathAndQuery: string,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const what = `${method} ${pathAndQuery.split('?')[0]}`;
    await pace();
    try {
      const signal = AbortSignal.timeout(options.timeoutMs);
      const res = await options.fetch(`${baseUrl}${pathAndQuery}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal,
      });
      const text = await res.text();
      return { res, text, what };
    } catch (e) {
      if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) {
        throw new LinkedInTimeoutError(`LinkedIn did not answer within ${options.timeoutMs} ms (${what})`);
      }
      throw new LinkedInRequestError(`LinkedIn could not be reached (${what})`, 0, 'network_error');
    } finally {
      lastEnd = performance.now();
    }
  };

  const checkCookies = () => {
    if (!COOKIE_VALUE.test(liAt))
      throw new LinkedInSessionExpiredError('The li_at value is not a LinkedIn session cookie');
    if (jsessionId !== null && !COOKIE_VALUE.test(jsessionId)) {
      throw new LinkedInSessionExpiredError('The JSESSIONID value is not a LinkedIn session cookie');
    }
  };

  /** A browser's first page load: LinkedIn answers with the JSESSIONID cookie that is the CSRF token. */
  const bootstrap = async (): Promise<string> => {
    const { res, text, what } = await send('GET', '/', {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
      cookie: `li_at=${liAt}`,
      'user-agent': USER_AGENT,
    });
    classify(res, text, what, baseUrl);
    const cookie = parseSetCookies(res).find((c) => c.name === 'JSESSIONID' && !c.expired);
    const value = cookie ? unquote(cookie.value) : '';
    if (!COOKIE_VALUE.test(value))
      throw new LinkedInRequestError('LinkedIn did not start a browser session', res.status, 'no_jsessionid');
    return value;
  };

  const call: Transport['call'] = async (method, pathAndQuery, body) => {
    checkCookies();
    jsessionId ??= await bootstrap();
    const { res, text, what } = await send(
      method,
      pathAndQuery,
      {
        accept: NORMALIZED_JSON,
        'accept-language': 'en-US,en;q=0.9',
        cookie: `li_at=${liAt}; JSESSIONID="${jsessionId}"`,
        'csrf-token': jsessionId,
        'user-agent': USER_AGENT,
        'x-li-lang': 'en_US',
        'x-li-track': X_LI_TRACK,
        'x-restli-protocol-version': '2.0.0',
        ...(body === undefined ? {} : { 'content-type': 'application/json; charset=UTF-8' }),
      },
      body === undefined ? undefined : JSON.stringify(body),
    );
    classify(res, text, what, baseUrl);
    if (text.trim() === '') return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new LinkedInRequestError(
        `LinkedIn answered something that is not JSON (${what})`,
        res.status,
        'unexpected_answer',
      );
    }
  };

  return {
    run: <T>(task: () => Promise<T>): Promise<T> => {
      const result = queue.then(task);
      queue = result.catch(() => undefined);
      return result;
    },
    call,
    credentials: () => ({ liAt, jsessionId }),
  };
};
