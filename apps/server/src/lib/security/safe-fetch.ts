import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { buildConnector } from 'undici';
import { loadOnce } from '../core/load-once';

export type SafeFetchOptions = {
  maxBytes?: number;
  timeoutMs?: number;
  accept?: string;
  /** Media types the answer may have (e.g. text/html); any other fails before the body is read. A missing Content-Type passes. */
  mediaTypes?: string[];
};
export type SafeFetchResult = {
  finalUrl: string;
  status: number;
  contentType: string | null;
  /** The body decoded as text (its declared charset, else UTF-8). */
  body: string;
  /** The body's bytes as they came, for a picture (a logo); stand-ins of the fetch in tests may leave it out. */
  bytes?: Buffer;
};
/** Fetches a URL a user gave us without letting it reach our own network (SSRF). */
export type SafeFetch = (url: string, options?: SafeFetchOptions) => Promise<SafeFetchResult>;

/** Resolves a host name to every address it has (tests inject their own). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const SAFE_FETCH_DEFAULTS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 } as const;

/** The URL may not be fetched at all; `message` is the human reason. */
export class UnsafeUrlError extends Error {
  override readonly name = 'UnsafeUrlError';
}

export type FetchFailure =
  | 'timeout'
  | 'too_large'
  | 'bad_status'
  | 'unsupported_type'
  | 'too_many_redirects'
  | 'network';

/** The URL was allowed but could not be read; `message` is human text that completes "We could not read X: …". */
export class FetchFailedError extends Error {
  override readonly name = 'FetchFailedError';
  constructor(
    readonly kind: FetchFailure,
    message: string,
    readonly detail: { status?: number; mediaType?: string; code?: string } = {},
  ) {
    super(message);
  }
}

const V4_REASONS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (this includes cloud metadata services)',
  loopback: 'a loopback address (this server itself)',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  reserved: 'a reserved address',
};

const v4Reason = (ip: ipaddr.IPv4): string | null => {
  const range = ip.range();
  return range === 'unicast' ? null : (V4_REASONS[range] ?? `a special-purpose address (${range})`);
};

const v4At = (hi: number, lo: number): ipaddr.IPv4 =>
  new ipaddr.IPv4([(hi >> 8) & 0xff, hi & 0xff, (lo >> 8) & 0xff, lo & 0xff]);

/** An IPv6 address that carries an IPv4 address is judged by that IPv4 address as well. */
const embeddedReason = (outer: string, inner: ipaddr.IPv4[]): string | null => {
  for (const v4 of inner) {
    const reason = v4Reason(v4);
    if (reason) return `${outer} carrying ${reason}`;
  }
  return null;
};

const v6Reason = (ip: ipaddr.IPv6): string | null => {
  const p = ip.parts as [number, number, number, number, number, number, number, number];
  switch (ip.range()) {
    case 'unspecified':
      return 'an unspecified address';
    case 'loopback':
      return 'a loopback address (this server itself)';
    case 'linkLocal':
      return 'a link-local address';
    case 'uniqueLocal':
      return 'a private (unique local) address';
    case 'multicast':
      return 'a multicast address';
    case 'ipv4Mapped':
      return embeddedReason('an IPv4-mapped address', [ip.toIPv4Address()]);
    case 'rfc6145':
      return embeddedReason('an IPv4-translated address', [v4At(p[6], p[7])]);
    case 'rfc6052':
      // 64:ff9b:1::/48 is for NAT64 inside one network (RFC 8215): never a public site.
      if (p[2] !== 0) return 'a local-use NAT64 address';
      return embeddedReason('a NAT64 address', [v4At(p[6], p[7])]);
    case '6to4':
      return embeddedReason('a 6to4 address', [v4At(p[1], p[2])]);
    case 'teredo':
      // Server IPv4 in bits 32–63, client IPv4 inverted in the last 32 bits.
      return embeddedReason('a Teredo address', [v4At(p[2], p[3]), v4At(~p[6] & 0xffff, ~p[7] & 0xffff)]);
    case 'unicast': {
      if (p.slice(0, 6).every((part) => part === 0)) {
        return (
          embeddedReason('an IPv4-compatible address', [v4At(p[6], p[7])]) ??
          'a deprecated IPv4-compatible address'
        );
      }
      // Only 2000::/3 is handed out as global unicast; the rest is unassigned.
      return (p[0] & 0xe000) === 0x2000 ? null : 'not a global unicast address';
    }
    default:
      return `a special-purpose address (${ip.range()})`;
  }
};

/** Why an address may not be connected to, or null when it is a public unicast address. */
export const unsafeAddressReason = (address: string): string | null => {
  const plain = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // net.isIP takes only the standard notations, so nothing exotic reaches ipaddr's lenient parser.
  const family = net.isIP(plain);
  if (family === 4) return v4Reason(ipaddr.IPv4.parse(plain));
  if (family !== 6) return 'not an IP address';
  // ipaddr reads '::a.b.c.d' as if it were '::ffff:a.b.c.d'; the WHATWG serialisation is all hex and exact.
  const canonical = URL.parse(`http://[${plain}]/`)?.hostname.slice(1, -1);
  return canonical ? v6Reason(ipaddr.IPv6.parse(canonical)) : 'not a usable IPv6 address';
};

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const defaultPort = (protocol: string): string => (protocol === 'https:' ? '443' : '80');
const bare = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');
const allowKey = (hostname: string, port: string): string => {
  const host = bare(hostname).toLowerCase();
  return `${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
};

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;
type LookupFn = (
  hostname: string,
  options: { family?: number | string; all?: boolean },
  callback: LookupCallback,
) => void;

/**
 * The socket's own name resolution: every address is checked, and only checked addresses reach the
 * socket, so a second answer from DNS (rebinding) can never be connected to.
 */
export const guardedLookup =
  (resolve: Resolver, check = true): LookupFn =>
  (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (check) {
          for (const entry of addresses) {
            if (unsafeAddressReason(entry.address)) {
              callback(new UnsafeUrlError(`${hostname} points to an address that is not public`), []);
              return;
            }
          }
        }
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable =
          family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        const first = usable[0];
        if (!first) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
          return;
        }
        if (options.all)
          callback(
            null,
            usable.map(({ address, family }) => ({ address, family })),
          );
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, []),
    );
  };

type Undici = typeof import('undici');
/** undici is loaded at the first outside call (a site read, a publish), not with the server (load-once.ts). */
const loadUndici = loadOnce((): Promise<Undici> => import('undici'));

/** Every socket of the agent opens through here: the last word on where a connection may go. */
const guardedConnector = (
  { buildConnector }: Undici,
  allowlist: Set<string>,
  resolve: Resolver,
  timeoutMs: number,
): buildConnector.connector => {
  const direct = buildConnector({ timeout: timeoutMs });
  const checked = buildConnector({ timeout: timeoutMs, lookup: guardedLookup(resolve) });
  const unchecked = buildConnector({ timeout: timeoutMs, lookup: guardedLookup(resolve, false) });
  return (options, callback) => {
    const host = bare(options.hostname);
    const allowed = allowlist.has(allowKey(host, options.port || defaultPort(options.protocol)));
    if (net.isIP(host)) {
      // A literal address is never looked up, so it is checked here.
      const reason = allowed ? null : unsafeAddressReason(host);
      if (reason) return callback(new UnsafeUrlError(`${host} is ${reason}`), null);
      return direct(options, callback);
    }
    return (allowed ? unchecked : checked)(options, callback);
  };
};

/** What can be known from the URL alone; names are checked again, on their addresses, when connecting. */
const assertSafeUrl = (url: URL, allowlist: Set<string>): void => {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsafeUrlError(
      `only http and https addresses can be read, not ${url.protocol.replace(/:$/, '')}`,
    );
  }
  if (url.username || url.password)
    throw new UnsafeUrlError('addresses with a user name or password are not accepted');
  const host = bare(url.hostname).toLowerCase();
  if (!host) throw new UnsafeUrlError('the address has no host name');
  if (allowlist.has(allowKey(host, url.port || defaultPort(url.protocol)))) return;
  // WHATWG parsing has already turned 2130706433, 0177.0.0.1, 0x7f.1 and 127.1 into 127.0.0.1.
  if (net.isIP(host)) {
    const reason = unsafeAddressReason(host);
    if (reason) throw new UnsafeUrlError(`${host} is ${reason}`);
    return;
  }
  const name = host.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost'))
    throw new UnsafeUrlError(`${name} is this server itself`);
};

const parseUrl = (value: string, base?: URL): URL => {
  try {
    return new URL(value, base);
  } catch {
    throw new UnsafeUrlError(
      base ? `it redirected to an invalid address (${value.slice(0, 200)})` : 'the address is not valid',
    );
  }
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const networkMessage = (code: string | undefined): string => {
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be found';
    case 'ECONNREFUSED':
      return 'the server refused the connection';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the server closed the connection';
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'the server cannot be reached from here';
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return 'the connection timed out';
    default:
      return code && /CERT|SSL|TLS|SELF_SIGNED/.test(code)
        ? 'its secure connection (TLS) could not be established'
        : 'the site could not be reached';
  }
};

/** Turns whatever undici threw into one of our two errors. */
const classify = (error: unknown, signal: AbortSignal, timeoutMs: number): Error => {
  let code: string | undefined;
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 8;
    current = current.cause, depth++
  ) {
    if (current instanceof UnsafeUrlError || current instanceof FetchFailedError) return current;
    if (current instanceof AggregateError) {
      const inner = current.errors.find((e) => e instanceof UnsafeUrlError);
      if (inner) return inner;
    }
    code ??= (current as { code?: string }).code;
  }
  if (signal.aborted) {
    return new FetchFailedError(
      'timeout',
      `it did not answer within ${Math.round(timeoutMs / 100) / 10} seconds`,
    );
  }
  return new FetchFailedError('network', networkMessage(code), { code });
};

const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`;

const readCapped = async (body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer> => {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FetchFailedError('too_large', `the page is larger than ${sizeText(maxBytes)}`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
};

const decode = (bytes: Buffer, contentType: string | null): string => {
  const charset = contentType?.match(/charset\s*=\s*"?([^";\s]+)/i)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
};

const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

export const createSafeFetch = ({
  allowlist,
  lookup,
}: {
  allowlist: string[];
  lookup?: Resolver;
}): SafeFetch => {
  const allowed = new Set(allowlist.map((entry) => entry.trim().toLowerCase()).filter(Boolean));
  const resolve = lookup ?? systemResolver;

  return async (input, options = {}) => {
    const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
    const timeoutMs = options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    // One agent per call: its connections are to checked addresses of this call only.
    const undici = await loadUndici();
    const agent = new undici.Agent({ connect: guardedConnector(undici, allowed, resolve, timeoutMs) });
    try {
      let url = parseUrl(input);
      for (let redirects = 0; ; redirects++) {
        assertSafeUrl(url, allowed);
        const response = await undici.fetch(url, {
          dispatcher: agent,
          redirect: 'manual',
          signal,
          headers: {
            accept: options.accept ?? DEFAULT_ACCEPT,
            'user-agent': 'SalesAssistBot/1.0 (company profile reader)',
          },
        });
        const status = response.status;
        if (REDIRECTS.has(status)) {
          await response.body?.cancel().catch(() => undefined);
          const location = response.headers.get('location');
          if (!location)
            throw new FetchFailedError(
              'bad_status',
              `it answered with a redirect (HTTP ${status}) to nowhere`,
              { status },
            );
          if (redirects >= SAFE_FETCH_DEFAULTS.maxRedirects) {
            throw new FetchFailedError(
              'too_many_redirects',
              `it redirected more than ${SAFE_FETCH_DEFAULTS.maxRedirects} times`,
            );
          }
          url = parseUrl(location, url);
          continue;
        }
        if (status < 200 || status > 299) {
          await response.body?.cancel().catch(() => undefined);
          throw new FetchFailedError('bad_status', `it answered with HTTP status ${status}`, { status });
        }
        const contentType = response.headers.get('content-type');
        const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
        if (options.mediaTypes && mediaType && !options.mediaTypes.includes(mediaType)) {
          await response.body?.cancel().catch(() => undefined);
          throw new FetchFailedError(
            'unsupported_type',
            `its content (${mediaType}) is not of an accepted type`,
            { mediaType },
          );
        }
        const declared = Number(response.headers.get('content-length') ?? Number.NaN);
        if (declared > maxBytes) {
          await response.body?.cancel().catch(() => undefined);
          throw new FetchFailedError('too_large', `the page is larger than ${sizeText(maxBytes)}`);
        }
        const bytes = await readCapped(response.body, maxBytes);
        return { finalUrl: url.href, status, contentType, body: decode(bytes, contentType), bytes };
      }
    } catch (error) {
      throw classify(error, signal, timeoutMs);
    } finally {
      agent.destroy().catch(() => undefined);
    }
  };
};

export type SafeRequestInit = {
  method: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  timeoutMs?: number;
  maxBytes?: number;
};
export type SafeRequestResult = { url: string; status: number; headers: Headers; body: string };
/**
 * One request (any method, headers, body) to a URL a user gave us, with the same SSRF guard as
 * SafeFetch. Redirects are not followed: the caller sees the 3xx and decides (a redirect may move a
 * POST or leak an Authorization header to another host). Errors: UnsafeUrlError, FetchFailedError
 * (timeout, too_large, network) — a non-2xx status is an answer, not an error.
 */
export type SafeRequest = (url: string, init: SafeRequestInit) => Promise<SafeRequestResult>;

export const createSafeRequest = ({
  allowlist,
  lookup,
}: {
  allowlist: string[];
  lookup?: Resolver;
}): SafeRequest => {
  const allowed = new Set(allowlist.map((entry) => entry.trim().toLowerCase()).filter(Boolean));
  const resolve = lookup ?? systemResolver;
  return async (input, init) => {
    const maxBytes = init.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
    const timeoutMs = init.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    const undici = await loadUndici();
    const agent = new undici.Agent({ connect: guardedConnector(undici, allowed, resolve, timeoutMs) });
    try {
      const url = parseUrl(input);
      assertSafeUrl(url, allowed);
      const response = await undici.fetch(url, {
        dispatcher: agent,
        method: init.method,
        redirect: 'manual',
        signal,
        headers: { 'user-agent': 'SalesAssist/1.0 (publishing)', ...init.headers },
        body: init.body,
      });
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw new FetchFailedError('too_large', `the answer is larger than ${sizeText(maxBytes)}`);
      }
      const bytes = await readCapped(response.body, maxBytes);
      return {
        url: url.href,
        status: response.status,
        headers: response.headers as unknown as Headers,
        body: decode(bytes, response.headers.get('content-type')),
      };
    } catch (error) {
      throw classify(error, signal, timeoutMs);
    } finally {
      agent.destroy().catch(() => undefined);
    }
  };
};
