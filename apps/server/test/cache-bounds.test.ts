import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallerCache, MAX_CACHED_CALLERS } from '../src/http/caller-cache';
import { createListPagesCache, LIST_PAGES_MAX_CHARS } from '../src/lib/core/list-pages-cache';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

// Memory stays bounded however many sessions and users a process meets: each cache holds at most its bound
// of entries, counted here entry by entry (not waited out: expiry is a backstop, not the bound).
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('the caller cache', () => {
  it('keeps at most its bound of sessions, the ones stored longest ago dropped first', async () => {
    const bound = 5;
    const cache = createCallerCache(Date.now, bound);
    // Listening on the real database: the cache keeps callers only while it hears of changes.
    await cache.listen(h.database);
    try {
      const { user } = await seedUser(h);
      const sessionIds = Array.from({ length: 40 }, (_, i) => `session-${i}`);
      for (const sessionId of sessionIds) cache.set({ user, sessionId }, cache.mark());
      const kept = sessionIds.filter((sessionId) => cache.get(sessionId) !== undefined);
      expect(kept).toEqual(sessionIds.slice(-bound));
      // Figures follow their callers: kept for a user who still has a session kept.
      cache.setFigures(user.id, { credits: 3, connected: new Set() }, cache.mark());
      expect(cache.getFigures(user.id)?.credits).toBe(3);
    } finally {
      await cache.stop();
    }
  });

  it('holds ten thousand sessions at most by default', () => {
    expect(MAX_CACHED_CALLERS).toBe(10_000);
  });
});

describe('the list pages cache', () => {
  it('keeps at most its size in characters, however many users and pages are asked for', async () => {
    const maxChars = 1_000;
    const cache = createListPagesCache({ maxChars });
    await cache.listen(h.database);
    try {
      const asked: [string, string][] = [];
      for (let user = 0; user < 50; user++) {
        for (let page = 0; page < 40; page++) {
          asked.push([`user-${user}`, `page-${page}`]);
          await cache.answer(`user-${user}`, `page-${page}`, async () => ({
            json: 'x'.repeat(25),
            keep: true,
          }));
        }
      }
      const kept = asked.filter(([user, page]) => cache.has(user, page));
      // 25 characters a page: 40 pages at most, and at most 32 of one user.
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThanOrEqual(maxChars / 25);
      for (let user = 0; user < 50; user++) {
        expect(kept.filter(([owner]) => owner === `user-${user}`).length).toBeLessThanOrEqual(32);
      }
    } finally {
      await cache.stop();
    }
  });

  it('holds 8 M characters of pages at most by default', () => {
    expect(LIST_PAGES_MAX_CHARS).toBe(8 * 1024 * 1024);
  });
});

describe('the embedded database', () => {
  it('runs with 32 MB of shared buffers, so its WebAssembly memory stays at its first 128 MiB', async () => {
    const [row] = (
      (await h.database.db.execute(sql`select current_setting('shared_buffers') as buffers`)) as unknown as {
        rows: { buffers: string }[];
      }
    ).rows;
    // PostgreSQL's own setting is the server administrator's (PostgreSQL's default there).
    if (h.database.kind === 'pglite') expect(row?.buffers).toBe('32MB');
    else expect(row?.buffers).toBeTruthy();
  });
});
