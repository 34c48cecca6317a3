import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '../src/lib/core/faults/database-unreachable';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const serverUrl = process.env.DATABASE_URL;

// The database unreachable for a while, as during a PostgreSQL restart: this test's own database refuses
// new connections and its sessions are ended, while the shared server keeps serving everyone else.
describe.skipIf(!serverUrl)(
  'PostgreSQL unreachable (skipped on PGlite: the embedded database is in-process and cannot be unreachable)',
  () => {
    let h: Harness;
    let user: SeededUser;
    let databaseName: string;
    let admin: pg.Client;

    const allowConnections = (allow: boolean) =>
      admin.query(`ALTER DATABASE "${databaseName}" WITH ALLOW_CONNECTIONS ${allow}`);

    beforeAll(async () => {
      h = await startHarness({ engine: false });
      user = await seedUser(h);
      const result = await h.deps.db.execute(sql`SELECT current_database() AS name`);
      databaseName = (result as unknown as { rows: { name: string }[] }).rows[0]?.name ?? '';
      admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
    });
    afterAll(async () => {
      await allowConnections(true);
      await admin.end();
      await h.close();
    });

    const readLists = () => h.call('GET', '/api/linkedinAI/fetch_all_lists', { token: user.accessToken });

    it('a read answers 503 with Retry-After and a sentence, then 200 once connections are allowed again', async () => {
      expect((await readLists()).statusCode).toBe(200);

      await allowConnections(false);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [databaseName],
      );
      const down = await readLists();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({ error: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });

      await allowConnections(true);
      // A pooled session ended with the others can still be handed out once before its end is noticed (on a
      // busy machine): the web app asks again after Retry-After, and within it the read answers again.
      let back = await readLists();
      const until = Date.now() + DATABASE_RETRY_AFTER_SECONDS * 1000;
      while (back.statusCode === 503 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        back = await readLists();
      }
      expect(back.statusCode).toBe(200);
      expect(back.json()).toEqual({ lists: [] });
    });
  },
);
