/**
 * Images bench (`npm run bench -- images`): one 1080×1080 infographic drawn by the renderer (satori,
 * then resvg to PNG), goal median ≤ 100 ms; and the same picture asked for again through
 * renderThemePicture, answered from the render cache (one indexed read), goal median ≤ 5 ms. The
 * cached half runs on embedded PGlite, then on PostgreSQL when DATABASE_URL is set. Each run's CPU time
 * is shown beside its wall time: on a shared machine the wall time also measures the wait for a core.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/open-database';
import { loadConfig } from '../src/env';
import { renderInfographic } from '../src/lib/writers/infographics';
import { BUILT_IN_THEMES } from '../src/modules/infographics/built-in-themes';
import { renderThemePicture } from '../src/modules/infographics/render-theme-picture';
import { startServices } from '../src/start-services';
import { onBothDatabases } from './on-both-databases';
import { percentile } from './timing';

const RENDER_ROUNDS = 40;
const CACHED_ROUNDS = 500;
const GOALS = { renderMedianMs: 100, cachedMedianMs: 5 };

const content = {
  headline: 'Five habits of teams that publish every week',
  points: [
    'Plan topics a month ahead',
    'Write from real customer questions',
    'Reuse each post across networks',
    'Review what worked every Friday',
  ],
  stat: '5×',
  footer: 'Example Co · example.com',
};

type Stats = { p50: number; p95: number; cpuP50: number };

const time = async (label: string, rounds: number, run: () => Promise<unknown>): Promise<Stats> => {
  for (let i = 0; i < Math.min(10, rounds); i++) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await run();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const stats = { p50: percentile(wall, 0.5), p95: percentile(wall, 0.95), cpuP50: percentile(cpu, 0.5) };
  console.log(
    `${label.padEnd(58)} median ${stats.p50.toFixed(2)} ms, p95 ${stats.p95.toFixed(2)} ms   CPU median ${stats.cpuP50.toFixed(2)} ms`,
  );
  return stats;
};

const verdict = (ms: number, goal: number) => `${ms <= goal ? 'met' : 'NOT met'} (goal ≤ ${goal} ms)`;

const benchRenders = async () => {
  console.log(`\nImages bench: 1080×1080 renders, ${RENDER_ROUNDS} runs per layout\n`);
  let worst = 0;
  for (const theme of BUILT_IN_THEMES) {
    const stats = await time(`renderInfographic ${theme.design.layout} (${theme.name})`, RENDER_ROUNDS, () =>
      renderInfographic({ design: theme.design, content }),
    );
    worst = Math.max(worst, stats.p50);
  }
  console.log(
    `slowest layout's median render ${worst.toFixed(1)} ms: ${verdict(worst, GOALS.renderMedianMs)}`,
  );
};

const benchCached = async (databaseUrl: string) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const database = await openDatabase(config);
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const services = await startServices(config, database, quiet, { engine: false });
  try {
    const { deps } = services;
    const themes = await deps.db.query.infographicThemes.findMany({ limit: 1 });
    const theme = themes[0];
    if (!theme) throw new Error('no built-in theme was seeded');
    const first = await renderThemePicture(deps, { themeId: theme.id, content });
    if (first.cached) throw new Error('the first render was already cached');
    console.log(
      `\nCached render on ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${CACHED_ROUNDS} calls`,
    );
    const stats = await time(
      'renderThemePicture, same theme and content (cached)',
      CACHED_ROUNDS,
      async () => {
        const again = await renderThemePicture(deps, { themeId: theme.id, content });
        if (!again.cached) throw new Error('a repeat render was not answered from the cache');
      },
    );
    console.log(
      `cached render median ${stats.p50.toFixed(2)} ms: ${verdict(stats.p50, GOALS.cachedMedianMs)}`,
    );
  } finally {
    await services.stop();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};

export const runImagesBench = async (): Promise<void> => {
  await benchRenders();
  await onBothDatabases('images bench', benchCached);
};
