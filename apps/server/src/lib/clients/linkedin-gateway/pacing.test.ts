import { type LinkedInSandbox, startLinkedInSandbox } from '@sales-assist/linkedin-sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLinkedInGateway } from './index';

const SPACING_MS = 120;
const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=a&origin=GLOBAL_SEARCH_HEADER';
let sandbox: LinkedInSandbox;

beforeAll(async () => {
  sandbox = await startLinkedInSandbox({ networkSize: 200 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.control.reset());

/** Gaps between the moments the sandbox received consecutive requests of one member. */
const gaps = (liAt: string): number[] => {
  const times = sandbox.control.requests(liAt).map((r) => r.at);
  return times.slice(1).map((t, i) => t - (times[i] ?? t));
};

describe('pacing', () => {
  it('sends the calls of one session one at a time, in order, at least minSpacingMs apart', async () => {
    const session = createLinkedInGateway({ baseUrl: sandbox.url, minSpacingMs: SPACING_MS }).openSession({
      liAt: 'AQEDApaced',
    });
    await Promise.all([
      session.me(),
      session.searchPeople(SEARCH, 0),
      session.me(),
      session.viewProfile('nobody-00000').catch(() => null),
    ]);
    expect(sandbox.control.requests('AQEDApaced').map((r) => r.path)).toEqual([
      '/',
      '/voyager/api/me',
      '/voyager/api/graphql',
      '/voyager/api/me',
      '/voyager/api/identity/dash/profiles',
    ]);
    for (const gap of gaps('AQEDApaced')) expect(gap).toBeGreaterThanOrEqual(SPACING_MS);
  });

  it('does not send the next call before the previous one was answered', async () => {
    const session = createLinkedInGateway({ baseUrl: sandbox.url }).openSession({ liAt: 'AQEDAserial' });
    await session.me();
    sandbox.control.stall('AQEDAserial', { ms: 200 });
    await Promise.all([session.me(), session.me()]);
    const log = sandbox.control.requests('AQEDAserial');
    expect(log.map((r) => r.path)).toEqual(['/', '/voyager/api/me', '/voyager/api/me', '/voyager/api/me']);
    const [stalled, next] = log.slice(-2);
    expect((next?.at ?? 0) - (stalled?.at ?? 0)).toBeGreaterThanOrEqual(200);
  });

  it('paces each session on its own', async () => {
    const gateway = createLinkedInGateway({ baseUrl: sandbox.url, minSpacingMs: SPACING_MS });
    const busy = gateway.openSession({ liAt: 'AQEDAbusy' });
    const other = gateway.openSession({ liAt: 'AQEDAother' });
    const busyCalls = Promise.all([busy.me(), busy.me(), busy.me(), busy.me()]);
    await other.me();
    await busyCalls;
    const otherFirst = sandbox.control.requests('AQEDAother')[0]?.at ?? Number.POSITIVE_INFINITY;
    const busyLast = sandbox.control.requests('AQEDAbusy').at(-1)?.at ?? 0;
    expect(otherFirst).toBeLessThan(busyLast);
  });
});
