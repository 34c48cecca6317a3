import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema';
import { BLOG_STALL_MS, writeBlogPost } from '../src/modules/blogs/write-blog-post';
import { getBlog, waitFor, withWebsite } from './support/blog-factories';
import { type ScriptedWriter, scriptedWriter } from './support/blog-writer';
import { recordingJobs } from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

/**
 * A process dies while it writes a post: its job stays marked active and its run never beats again.
 * Another process (here: a second harness on the same database, its clock past the stall time)
 * queues the post again when it starts, takes it over and writes it; the dead run can no longer save.
 */
let first: Harness;
let second: Harness | undefined;
let dying: ScriptedWriter;
let user: SeededUser;
beforeAll(async () => {
  dying = scriptedWriter('llm');
  // The first process works no queue and only records its jobs: the test runs its handler by hand.
  first = await startHarness({ engine: false, role: 'api', deps: { content: dying, jobs: recordingJobs() } });
  user = await seedUser(first);
  await withWebsite(first, user.user.id);
});
afterAll(async () => {
  await second?.close();
  await first.close();
});

describe('a post survives a restart', () => {
  it('is taken over by the next worker and written once', async () => {
    const { blog } = (
      await first.call('POST', '/api/blogs', { token: user.accessToken, body: { topic: 'Survivor' } })
    ).json();
    dying.hold();
    // The first process's worker starts writing and never comes back.
    const lost = writeBlogPost(first.deps, blog.id, { lastAttempt: false });
    await waitFor(async () => (await getBlog(first, user, blog.id)).progress === 40, 10_000, 'progress 40');

    const later = new Date(Date.now() + BLOG_STALL_MS + 60_000);
    const healthy = scriptedWriter('offline');
    second = await startHarness({
      engine: false,
      database: first.database,
      deps: { content: healthy, clock: { now: () => later } },
    });
    await waitFor(async () => (await getBlog(first, user, blog.id)).status === 'ready', 20_000, 'taken over');
    const ready = await getBlog(first, user, blog.id);
    expect(ready.writer).toBe('offline');
    expect(healthy.calls.filter((call) => call.method === 'writeBlogPost')).toHaveLength(1);

    // The dead run wakes up: it no longer holds the post, so it saves nothing over the written one.
    dying.release();
    await lost;
    const [row] = await first.deps.db.select().from(contentItems).where(eq(contentItems.id, blog.id));
    expect(row?.writer).toBe('offline');
    expect(row?.status).toBe('ready');
  });
});
