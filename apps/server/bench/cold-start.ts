/**
 * Cold start bench (`npm run bench -- cold-start`): from spawning the server process to its first
 * `GET /api/health` 200, as a person meets it after `npm start` or a restart. The compiled server
 * (`npm run serve`) starts on a fresh data directory once, then again several times on the data that start
 * left (the usual restart), and after a SIGKILL (a crash: PGlite recovers its log); the same under tsx
 * (`npm run dev`'s way, the way `npm start` ran before the server was compiled) for comparison. On PGlite,
 * and on PostgreSQL when DATABASE_URL is set. Goal: median ≤ 3 s with existing data.
 *
 * Beside each wall time, the CPU time the server process had used when it answered (Linux's
 * /proc/<pid>/stat): on a busy, shared machine the wall time mostly measures the other processes, the CPU
 * time what a start costs. The load average is printed with each part.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/free-port';
import {
  BENCH_SECRETS,
  buildCompiledServer,
  serverArgs,
  startServerProcess,
  stopServerProcess,
  untilHealthy,
} from './compiled-server';
import { onBothDatabases } from './on-both-databases';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const TSX_RUNS = 3;
const CRASH_RUNS = 2;
const GOAL_MS = 3000;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const load = (): string =>
  `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;

/** Clock ticks per second of /proc's times: 100 on Linux (USER_HZ), whatever the kernel's own rate. */
const USER_HZ = 100;

/** CPU time (user + system, every thread) a process has used so far, or null off Linux. */
const cpuMsOf = async (pid: number | undefined): Promise<number | null> => {
  if (pid === undefined) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's name (which may hold spaces, so after its closing parenthesis):
    // utime and stime are the 14th and 15th fields of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return null;
  }
};

type Start = { ms: number; cpuMs: number | null };
const median = (sorted: number[]): number => {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const spread = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(sorted), min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
};
const describe = (times: number[]): string => {
  const { median: mid, min, max } = spread(times);
  return `median ${seconds(mid)}   (${seconds(min)} – ${seconds(max)})`;
};
const describeCpu = (starts: Start[]): string => {
  const cpu = starts.map((start) => start.cpuMs).filter((ms): ms is number => ms !== null);
  if (cpu.length === 1) return `   CPU ${seconds(cpu[0] ?? 0)}`;
  return cpu.length ? `   CPU ${describe(cpu)}` : '';
};

/**
 * One start: spawn → first 200 from /api/health (and the CPU the process had used by then), then the
 * process stopped (and gone) by `signal`.
 */
const timeOneStart = async (
  args: string[],
  env: Record<string, string>,
  signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM',
): Promise<Start> => {
  const port = await freePort();
  const since = performance.now();
  const child = startServerProcess(args, { ...env, PORT: String(port) });
  try {
    const ms = await untilHealthy(child, port, since);
    return { ms, cpuMs: await cpuMsOf(child.pid) };
  } finally {
    await stopServerProcess(child, signal);
  }
};

const timeStarts = async (runs: number, args: string[], env: Record<string, string>): Promise<Start[]> => {
  const starts: Start[] = [];
  for (let i = 0; i < runs; i++) starts.push(await timeOneStart(args, env));
  return starts;
};
const wall = (starts: Start[]): number[] => starts.map((start) => start.ms);

const benchOn = async (databaseUrl: string, compiled: string): Promise<void> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-cold-start-bench-'));
  const env = { ...BENCH_SECRETS, DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const args = serverArgs({ compiled });
  const label = (text: string) => `  ${text}`.padEnd(48);
  try {
    console.log(
      `\nCold start: spawn → GET /api/health 200 (${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, compiled server unless said; ${load()})`,
    );
    const fresh = await timeOneStart(args, env);
    console.log(
      `${label('fresh data (first start, migrations)')}${seconds(fresh.ms)}${describeCpu([fresh])}`,
    );
    const existing = await timeStarts(RUNS, args, env);
    const { median: mid } = spread(wall(existing));
    console.log(
      `${label(`existing data, ${RUNS} starts`)}${describe(wall(existing))}   goal ≤ ${seconds(GOAL_MS)}: ${mid <= GOAL_MS ? 'met' : 'NOT met'}${describeCpu(existing)}`,
    );
    const afterCrash: Start[] = [];
    for (let i = 0; i < CRASH_RUNS; i++) {
      await timeOneStart(args, env, 'SIGKILL');
      afterCrash.push(await timeOneStart(args, env));
    }
    console.log(
      `${label(`after a SIGKILL, ${CRASH_RUNS} starts`)}${describe(wall(afterCrash))}${describeCpu(afterCrash)}`,
    );
    const underTsx = await timeStarts(TSX_RUNS, serverArgs('tsx'), env);
    console.log(
      `${label(`under tsx (npm run dev), ${TSX_RUNS} starts`)}${describe(wall(underTsx))}   ×${(spread(wall(underTsx)).median / mid).toFixed(1)} the compiled start${describeCpu(underTsx)}`,
    );
    console.log(`  (${load()} at the end)`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
};

export const runColdStartBench = async (): Promise<void> => {
  const server = buildCompiledServer();
  try {
    await onBothDatabases('cold start bench', (databaseUrl) => benchOn(databaseUrl, server.main));
  } finally {
    await server.remove();
  }
};
