import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSafeFetch,
  FetchFailedError,
  guardedLookup,
  type Resolver,
  UnsafeUrlError,
  unsafeAddressReason,
} from './safe-fetch';

const PAGE = '<!doctype html><html><head><title>Test</title></head><body><h1>Hello</h1></body></html>';

let server: Server;
let port: number;
let origin: string;
const hits: Array<{ path: string; host: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push({ path, host: req.headers.host });
    const redirect = /^\/redirect\/(\d+)$/.exec(path);
    if (redirect) {
      const left = Number(redirect[1]);
      // Relative Locations on purpose: the client resolves them against the current URL.
      res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : '../page' }).end();
      return;
    }
    switch (path) {
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        return;
      case '/to-private':
        res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
        return;
      case '/to-metadata':
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        return;
      case '/to-name':
        res.writeHead(307, { location: 'http://intranet.example/' }).end();
        return;
      case '/no-location':
        res.writeHead(302).end();
        return;
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
        return;
      case '/json':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
        return;
      case '/latin1':
        res
          .writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' })
          .end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
        return;
      case '/big': {
        // 3 MiB without Content-Length: only streaming can notice.
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = (): void => {
          while (sent < 48) {
            sent++;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.on('error', () => undefined);
        pump();
        return;
      }
      case '/big-declared':
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) });
        res.write('<html>');
        return;
      case '/slow-headers':
        return; // never answers
      case '/slow-body':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><body>');
        return; // never finishes
      default:
        res.writeHead(404).end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

/** A resolver that records every question and must be given an answer for each name used. */
const fakeDns = (answers: Record<string, string[] | (() => string[])>) => {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    const answer = answers[hostname];
    if (!answer) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const list = typeof answer === 'function' ? answer() : answer;
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, resolve };
};

const rejection = async (promise: Promise<unknown>): Promise<Error> => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
};

const hitsSince = (start: number) => hits.slice(start).map((hit) => hit.path);

describe('unsafeAddressReason', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['127.255.0.9', /loopback/],
    ['10.0.0.1', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.254', /private/],
    ['192.168.1.1', /private/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['169.254.169.254', /link-local/],
    ['224.0.0.1', /multicast/],
    ['240.0.0.1', /reserved/],
    ['192.0.2.10', /reserved/],
    ['0.0.0.0', /unspecified/],
    ['255.255.255.255', /broadcast/],
    ['::', /unspecified/],
    ['::1', /loopback/],
    ['fc00::1', /unique local/],
    ['fd12:3456::1', /unique local/],
    ['fe80::1', /link-local/],
    ['ff02::1', /multicast/],
    ['::ffff:127.0.0.1', /IPv4-mapped address carrying a loopback/],
    ['::ffff:10.0.0.1', /IPv4-mapped address carrying a private/],
    ['::ffff:169.254.169.254', /IPv4-mapped address carrying a link-local/],
    ['::127.0.0.1', /IPv4-compatible address carrying a loopback/],
    ['::8.8.8.8', /deprecated IPv4-compatible/],
    ['::7f00:1', /IPv4-compatible address carrying a loopback/],
    ['fe80::1%eth0', /not a usable IPv6 address/],
    ['::ffff:0:7f00:1', /IPv4-translated address carrying a loopback/],
    ['64:ff9b::a00:1', /NAT64 address carrying a private/],
    ['64:ff9b:1::808:808', /local-use NAT64/],
    ['2002:7f00:1::1', /6to4 address carrying a loopback/],
    ['2002:c0a8:101::1', /6to4 address carrying a private/],
    // Teredo: server 65.54.227.120 is public, client 10.0.0.1 is stored inverted (f5ff:fffe).
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', /Teredo address carrying a private/],
    ['2001:db8::1', /special-purpose|reserved/],
    ['100::1', /special-purpose/],
    ['4000::1', /not a global unicast/],
    ['example.com', /not an IP address/],
  ])('refuses %s', (address, reason) => {
    expect(unsafeAddressReason(address)).toMatch(reason);
  });

  it.each([
    '8.8.8.8',
    '93.184.215.14',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('accepts the public address %s', (address) => {
    expect(unsafeAddressReason(address)).toBeNull();
  });
});

describe('createSafeFetch refusals (nothing allowlisted)', () => {
  it.each([
    ['ftp://example.com/file', /only http and https/],
    ['file:///etc/passwd', /only http and https/],
    ['gopher://example.com/', /only http and https/],
    ['http://user:secret@example.com/', /user name or password/],
    ['http://127.0.0.1/', /127\.0\.0\.1 is a loopback/],
    ['http://localhost/', /localhost is this server itself/],
    ['http://LOCALHOST./', /localhost is this server itself/],
    ['http://app.localhost:8080/', /this server itself/],
    ['http://169.254.169.254/latest/meta-data', /link-local/],
    ['http://[::1]/', /::1 is a loopback/],
    ['http://[::ffff:127.0.0.1]/', /IPv4-mapped address carrying a loopback/],
    ['http://[::ffff:a9fe:a9fe]/', /IPv4-mapped address carrying a link-local/],
    ['http://[fd00::1]/', /unique local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[64:ff9b::7f00:1]/', /NAT64 address carrying a loopback/],
    ['http://0x7f000001/', /127\.0\.0\.1 is a loopback/],
    ['http://2130706433/', /127\.0\.0\.1 is a loopback/],
    ['http://0177.0.0.1/', /127\.0\.0\.1 is a loopback/],
    ['http://0x7f.1/', /127\.0\.0\.1 is a loopback/],
    ['http://127.1/', /127\.0\.0\.1 is a loopback/],
    ['http://0/', /0\.0\.0\.0 is an unspecified/],
    ['http://10.0.0.1:8080/', /private/],
    ['https://192.168.0.1/', /private/],
    ['http://172.20.1.1/', /private/],
    ['http://100.100.100.200/', /carrier-grade NAT/],
    ['http://255.255.255.255/', /broadcast/],
    ['http://224.0.0.251/', /multicast/],
    ['not a url', /not valid/],
  ])('%s is refused without a connection or a DNS question', async (url, reason) => {
    const dns = fakeDns({});
    const safeFetch = createSafeFetch({ allowlist: [], lookup: dns.resolve });
    const error = await rejection(safeFetch(url));
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error.message).toMatch(reason);
    expect(dns.asked).toEqual([]);
  });

  it('refuses the local test site on its own port when it is not allowlisted', async () => {
    const before = hits.length;
    const error = await rejection(createSafeFetch({ allowlist: [] })(`${origin}/page`));
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(hitsSince(before)).toEqual([]);
  });

  it.each([['10.0.0.1'], ['::ffff:127.0.0.1'], ['127.0.0.1'], ['169.254.169.254'], ['fd00::5']])(
    'refuses a name that resolves to %s, before any request',
    async (address) => {
      const before = hits.length;
      const dns = fakeDns({ 'intranet.example': [address] });
      const safeFetch = createSafeFetch({ allowlist: [], lookup: dns.resolve });
      const error = await rejection(safeFetch(`http://intranet.example:${port}/page`));
      expect(error).toBeInstanceOf(UnsafeUrlError);
      expect(error.message).toBe('intranet.example points to an address that is not public');
      expect(dns.asked).toEqual(['intranet.example']);
      expect(hitsSince(before)).toEqual([]);
    },
  );

  it('refuses a name when any one of its addresses is not public', async () => {
    const dns = fakeDns({ 'mixed.example': ['93.184.215.14', '2606:2800:220:1::1', '127.0.0.1'] });
    const error = await rejection(
      createSafeFetch({ allowlist: [], lookup: dns.resolve })('https://mixed.example/'),
    );
    expect(error).toBeInstanceOf(UnsafeUrlError);
  });

  it('reports an unknown host name as a fetch failure, not a refusal', async () => {
    const error = await rejection(
      createSafeFetch({ allowlist: [], lookup: fakeDns({}).resolve })('https://nowhere.example/'),
    );
    expect(error).toBeInstanceOf(FetchFailedError);
    expect(error).toMatchObject({ kind: 'network', message: 'the host name could not be found' });
  });
});

describe('DNS rebinding', () => {
  it('connects to the address that was checked, never to a second answer', async () => {
    const before = hits.length;
    let calls = 0;
    // First answer public, every later answer the local test site: a rebinding attack.
    const dns = fakeDns({ 'rebind.example': () => (calls++ === 0 ? ['93.184.215.14'] : ['127.0.0.1']) });
    const safeFetch = createSafeFetch({ allowlist: [], lookup: dns.resolve });
    const error = await rejection(safeFetch(`http://rebind.example:${port}/page`, { timeoutMs: 1500 }));
    // The public address is unreachable here: the attempt fails rather than reaching 127.0.0.1.
    expect(error).toBeInstanceOf(FetchFailedError);
    expect(dns.asked).toEqual(['rebind.example']);
    expect(hitsSince(before)).toEqual([]);
  });

  it('the socket lookup hands over only the addresses it checked, and checks each lookup afresh', async () => {
    let calls = 0;
    const dns = fakeDns({
      'rebind.example': () => (calls++ === 0 ? ['93.184.215.14', '2606:2800:220:1::1'] : ['10.0.0.1']),
    });
    const lookup = guardedLookup(dns.resolve);
    const ask = (options: { all?: boolean; family?: number }) =>
      new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
        lookup('rebind.example', options, (error, address, family) => resolve({ error, address, family })),
      );
    expect(await ask({ all: true })).toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
      family: undefined,
    });
    const second = await ask({ family: 4 });
    expect(second.error).toBeInstanceOf(UnsafeUrlError);
    expect(second.address).toEqual([]);
  });

  it('honours the family a socket asks for', async () => {
    const lookup = guardedLookup(
      fakeDns({ 'dual.example': ['93.184.215.14', '2606:2800:220:1::1'] }).resolve,
    );
    const answer = await new Promise<unknown[]>((resolve) =>
      lookup('dual.example', { family: 6 }, (_error, address, family) => resolve([address, family])),
    );
    expect(answer).toEqual(['2606:2800:220:1::1', 6]);
  });
});

describe('createSafeFetch with the local site allowlisted', () => {
  const allowed = () => createSafeFetch({ allowlist: [`127.0.0.1:${port}`] });

  it('reads an allowlisted host:port, and only that port', async () => {
    const result = await allowed()(`${origin}/page`);
    expect(result).toEqual({
      finalUrl: `${origin}/page`,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: PAGE,
      bytes: Buffer.from(PAGE),
    });
    const otherPort = await rejection(
      allowed()(`http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}/page`),
    );
    expect(otherPort).toBeInstanceOf(UnsafeUrlError);
  });

  it('an allowlisted name connects to what it resolves to and sends its own name as Host', async () => {
    const before = hits.length;
    const dns = fakeDns({ 'site.test': ['127.0.0.1'] });
    const safeFetch = createSafeFetch({ allowlist: [`SITE.test:${port}`], lookup: dns.resolve });
    const result = await safeFetch(`http://site.test:${port}/page`);
    expect(result.body).toBe(PAGE);
    expect(hits.slice(before)).toEqual([{ path: '/page', host: `site.test:${port}` }]);
  });

  it('follows relative redirects and answers the final URL', async () => {
    const before = hits.length;
    const result = await allowed()(`${origin}/redirect/5`);
    expect(result.finalUrl).toBe(`${origin}/page`);
    expect(result.body).toBe(PAGE);
    expect(hitsSince(before)).toEqual([
      '/redirect/5',
      '/redirect/4',
      '/redirect/3',
      '/redirect/2',
      '/redirect/1',
      '/page',
    ]);
  });

  it('stops after 5 redirects', async () => {
    const before = hits.length;
    const error = await rejection(allowed()(`${origin}/redirect/6`));
    expect(error).toBeInstanceOf(FetchFailedError);
    expect(error).toMatchObject({ kind: 'too_many_redirects', message: 'it redirected more than 5 times' });
    expect(hitsSince(before)).toHaveLength(6);
  });

  it.each([
    ['/to-private', /10\.0\.0\.1 is a private/],
    ['/to-metadata', /169\.254\.169\.254 is a link-local/],
  ])('refuses a redirect from %s to a non-public address', async (path, reason) => {
    const error = await rejection(allowed()(`${origin}${path}`));
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error.message).toMatch(reason);
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    const dns = fakeDns({ 'intranet.example': ['10.1.2.3'] });
    const error = await rejection(
      createSafeFetch({ allowlist: [`127.0.0.1:${port}`], lookup: dns.resolve })(`${origin}/to-name`),
    );
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(dns.asked).toEqual(['intranet.example']);
  });

  it('fails on a redirect without a Location and on an error status', async () => {
    expect(await rejection(allowed()(`${origin}/no-location`))).toMatchObject({
      kind: 'bad_status',
      detail: { status: 302 },
    });
    expect(await rejection(allowed()(`${origin}/missing`))).toMatchObject({
      kind: 'bad_status',
      message: 'it answered with HTTP status 404',
    });
  });

  it('stops reading a streamed body past the size cap', async () => {
    const error = await rejection(allowed()(`${origin}/big`));
    expect(error).toBeInstanceOf(FetchFailedError);
    expect(error).toMatchObject({ kind: 'too_large', message: 'the page is larger than 2 MiB' });
    const small = await rejection(allowed()(`${origin}/page`, { maxBytes: 20 }));
    expect(small).toMatchObject({ kind: 'too_large', message: 'the page is larger than 1 KiB' });
  });

  it('refuses a declared Content-Length over the cap without reading the body', async () => {
    const started = Date.now();
    const error = await rejection(allowed()(`${origin}/big-declared`));
    expect(error).toMatchObject({ kind: 'too_large' });
    // The server never sends the 50 MiB: only the early check can answer, and it answers at once.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.each(['/slow-headers', '/slow-body'])('gives up on %s at the time cap', async (path) => {
    const started = Date.now();
    const error = await rejection(allowed()(`${origin}${path}`, { timeoutMs: 300 }));
    expect(error).toBeInstanceOf(FetchFailedError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'it did not answer within 0.3 seconds' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a media type that was not asked for before reading, and reads it when none is required', async () => {
    const error = await rejection(
      allowed()(`${origin}/json`, { mediaTypes: ['text/html', 'application/xhtml+xml'] }),
    );
    expect(error).toMatchObject({ kind: 'unsupported_type', detail: { mediaType: 'application/json' } });
    expect((await allowed()(`${origin}/json`)).body).toBe('{"a":1}');
  });

  it('decodes with the charset of the Content-Type', async () => {
    expect((await allowed()(`${origin}/latin1`)).body).toBe('café');
  });

  it('reports a refused connection as a fetch failure', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const closedPort = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const error = await rejection(
      createSafeFetch({ allowlist: [`127.0.0.1:${closedPort}`] })(`http://127.0.0.1:${closedPort}/`),
    );
    expect(error).toMatchObject({ kind: 'network', message: 'the server refused the connection' });
  });
});
