import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * The offline writer's corpus: six realistic sites of different kinds, each a home page and the pages
 * its navigation links to (test/fixtures/offline-writing/<site>/), with topics a marketer would write on.
 * Each site is served by its own HTTP server on 127.0.0.1, so the brand profile reads it through the real
 * SSRF-safe fetch (the harness allowlists the ports).
 */
export type CorpusSite = {
  name: string;
  /** Topics and the keywords a user would give with them. */
  topics: { topic: string; keywords: string[] }[];
  /** Seed terms for keyword ideas and topic ideas. */
  seeds: string[];
};

export const CORPUS: readonly CorpusSite[] = [
  {
    name: 'ledgerloop',
    topics: [
      { topic: 'Your AP team has outgrown manual invoice approval', keywords: ['invoice approval'] },
      { topic: 'Why approvers are the bottleneck in your month-end close', keywords: ['approval workflows'] },
      { topic: 'harbor supply', keywords: [] },
    ],
    seeds: ['invoice approval', 'accounts payable automation'],
  },
  {
    name: 'northwind',
    topics: [
      { topic: 'How climate startups should brief a design agency', keywords: ['brand strategy'] },
      { topic: 'Website copy that recruits engineers', keywords: ['website design', 'copywriting'] },
    ],
    seeds: ['brand design for startups'],
  },
  {
    name: 'harbor-plumbing',
    topics: [
      { topic: 'What to do when a pipe bursts', keywords: ['emergency plumbing'] },
      { topic: 'Is an annual boiler service worth it?', keywords: ['boiler service'] },
    ],
    seeds: ['boiler repair', 'plumber'],
  },
  {
    name: 'pipecheck',
    topics: [
      { topic: 'Cutting CI time in a monorepo', keywords: ['monorepo ci', 'remote caching'] },
      { topic: 'Flaky tests are a process problem', keywords: ['flaky tests'] },
    ],
    seeds: ['test selection', 'ci pipeline'],
  },
  {
    name: 'zeitgeist',
    topics: [
      { topic: 'Planning store staff from footfall data', keywords: ['footfall analytics'] },
      { topic: 'Privacy-safe visitor counting', keywords: [] },
    ],
    seeds: ['footfall counter', 'retail analytics'],
  },
  {
    name: 'maple-pine',
    topics: [{ topic: 'Bookkeeping for freelancers in their first year', keywords: ['bookkeeping'] }],
    seeds: ['bookkeeping'],
  },
];

const FIXTURES = path.join(import.meta.dirname, '../fixtures/offline-writing');

const fileFor = (site: string, urlPath: string): { file: string; type: string } | null => {
  const clean = urlPath.split('?')[0] ?? '/';
  if (clean === '/')
    return { file: path.join(FIXTURES, site, 'index.html'), type: 'text/html; charset=utf-8' };
  if (!/^\/[a-z0-9-]+(?:\.css)?$/.test(clean)) return null;
  if (clean.endsWith('.css')) return { file: path.join(FIXTURES, site, clean.slice(1)), type: 'text/css' };
  return { file: path.join(FIXTURES, site, `${clean.slice(1)}.html`), type: 'text/html; charset=utf-8' };
};

export type ServedSites = {
  urlOf: (site: string) => string;
  allowlist: string;
  hits: string[];
  close: () => void;
};

/** Serves every corpus site on a port of its own; `hits` records "site path" for each request. */
export const serveCorpus = async (): Promise<ServedSites> => {
  const servers = new Map<string, { server: Server; url: string }>();
  const hits: string[] = [];
  for (const site of CORPUS) {
    const server = createServer((req, res) => {
      hits.push(`${site.name} ${req.url}`);
      const found = fileFor(site.name, req.url ?? '/');
      try {
        if (!found) throw new Error('not found');
        const body = readFileSync(found.file, 'utf8');
        res.writeHead(200, { 'content-type': found.type }).end(body);
      } catch {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    servers.set(site.name, { server, url: `http://127.0.0.1:${port}/` });
  }
  return {
    urlOf: (site) => servers.get(site)?.url ?? '',
    allowlist: [...servers.values()].map(({ url }) => new URL(url).host).join(','),
    hits,
    close: () => {
      for (const { server } of servers.values()) {
        server.closeAllConnections();
        server.close();
      }
    },
  };
};
