/**
 * `npm run bench`: costs measured as ratios against a baseline taken in the same run, so the numbers
 * mean the same on a fast or a slow machine. Runs in-process on a fresh embedded database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/open-database';
import { users } from '../src/db/schema';
import { loadConfig } from '../src/env';
import { hashPassword } from '../src/lib/security/passwords';
import { startSession } from '../src/modules/auth/start-session';
import { startServices } from '../src/start-services';
import { runAnalyticsBench } from './analytics';
import { runBrandProfileBench } from './brand-profile';
import { runChatBench } from './chat';
import { runColdStartBench } from './cold-start';
import { runContentStreamBench } from './content-streams';
import { runFirstVisitBench } from './first-visit';
import { runHttpBench } from './http';
import { runImagesBench } from './images';
import { runLeadsBench } from './leads';
import { runLocalModelBench } from './local-model';
import { runMemoryBench } from './memory';
import { runOutreachBench } from './outreach';
import { runPublishBench } from './publish';
import { measureCalls } from './timing';

const ROUNDS = 2000;

const measure = (label: string, run: () => Promise<unknown>, rounds = ROUNDS) =>
  measureCalls(label, run, { rounds, warm: 50, width: 44, digits: 3 });

const main = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
  const database = await openDatabase(config);
  const services = await startServices(config, database, {
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  });
  const { deps } = services;
  const app = await buildApp(deps);
  await app.ready();

  // A realistic table: 20,000 accounts, so the per-request lookups are index lookups, not small scans.
  const passwordHash = await hashPassword('Bench-Pass1');
  for (let batch = 0; batch < 20; batch++) {
    await database.db.insert(users).values(
      Array.from({ length: 1000 }, (_, i) => ({
        email: `bench-${batch}-${i}@example.com`,
        passwordHash,
        isVerified: true,
      })),
    );
  }
  const [user] = await database.db
    .insert(users)
    .values({ email: 'me@example.com', passwordHash, isVerified: true, isAdmin: true })
    .returning();
  if (!user) throw new Error('no user');
  const { accessToken } = await startSession(deps, user, { ip: '127.0.0.1', userAgent: 'bench' });

  console.log(`Sales Assist bench (${database.kind}, ${ROUNDS} calls each)\n`);
  const baseline = await measure('GET /api/health (baseline, no auth, no DB)', () =>
    app.inject({ method: 'GET', url: '/api/health' }),
  );
  const rawQuery = await measure('SELECT 1 on the same database (baseline)', () =>
    database.db.execute('SELECT 1'),
  );
  const me = await measure('GET /api/me (token check + session + credits)', () =>
    app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } }),
  );
  await measure('GET /api/admin/users?query= (prefix search)', () =>
    app.inject({
      method: 'GET',
      url: '/api/admin/users?query=bench-7-9',
      headers: { authorization: `Bearer ${accessToken}` },
    }),
  );
  const ratio = (a: number, b: number) => `×${(a / b).toFixed(1)}`;
  console.log(
    `\nGET /api/me vs a bare HTTP call: p50 ${ratio(me.p50, baseline.p50)}, p95 ${ratio(me.p95, baseline.p95)}`,
  );
  console.log(
    `GET /api/me vs one raw query:   p50 ${ratio(me.p50, rawQuery.p50)}, p95 ${ratio(me.p95, rawQuery.p95)}`,
  );

  await app.close();
  await services.stop();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
};

// `npm run bench -- outreach` (or `leads`, `api`, `http`, `content`, `images`, `publish`, `chat`, `cold-start`,
// `first-visit`, `memory`, `local-model`, `analytics`) runs one part only; a part of a group also runs by its own name (`brand-profile` and
// `linkedin-history` are parts of `content`).
const only = process.argv[2];
if (!only || only === 'api') await main();
if (!only || only === 'leads') await runLeadsBench();
if (!only || only === 'outreach') await runOutreachBench();
if (!only || only === 'http') await runHttpBench();
if (!only || only === 'content' || only === 'brand-profile') await runBrandProfileBench();
if (!only || only === 'content' || only === 'linkedin-history') await runContentStreamBench();
if (!only || only === 'images') await runImagesBench();
if (!only || only === 'publish') await runPublishBench();
if (!only || only === 'chat') await runChatBench();
if (!only || only === 'memory') await runMemoryBench();
if (!only || only === 'cold-start') await runColdStartBench();
if (!only || only === 'first-visit') await runFirstVisitBench();
if (!only || only === 'local-model') await runLocalModelBench();
if (!only || only === 'analytics') await runAnalyticsBench();
