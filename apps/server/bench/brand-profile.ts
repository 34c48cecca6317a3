/**
 * Brand-profile bench (`npm run bench -- content`, or `-- brand-profile` alone): the time to read
 * the brand profile (readable text, offer, audience, tone, key phrases, headings) out of a realistic
 * 60 KB home page, the fixture the tests use. Goal: p95 ≤ 150 ms (it was 50 ms before key phrases came from
 * part-of-speech tagging, which takes most of the time now: the profile is read once, when a site is added,
 * after fetching up to nine pages, so the fetches remain what a person waits for; see
 * docs/decisions/website-and-brand-profile.md). Parsing the page alone (linkedom)
 * is measured in the same run as the baseline, so the number means the same on a slower machine.
 * Each run's CPU time (this process's user + system time) is shown beside its wall time: on a
 * shared machine the wall time mostly measures the wait for a core, the CPU time the work itself.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseHTML } from 'linkedom';
import { extractSiteProfile } from '../src/modules/website/extract-site-profile';
import { percentile } from './timing';

const ROUNDS = 300;
const GOAL_P95_MS = 150;
const FIXTURE = path.join(import.meta.dirname, '../test/fixtures/website/brightpipe-landing.html');

const time = (label: string, run: () => unknown) => {
  for (let i = 0; i < 30; i++) run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    run();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const result = {
    p50: percentile(wall, 0.5),
    p95: percentile(wall, 0.95),
    cpuP50: percentile(cpu, 0.5),
    cpuP95: percentile(cpu, 0.95),
  };
  console.log(
    `${label.padEnd(52)} wall p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms   ` +
      `CPU p50 ${result.cpuP50.toFixed(2)} ms, p95 ${result.cpuP95.toFixed(2)} ms`,
  );
  return result;
};

export const runBrandProfileBench = async () => {
  const html = await readFile(FIXTURE, 'utf8');
  const kb = (Buffer.byteLength(html) / 1024).toFixed(1);
  console.log(`\nBrand profile bench (${kb} KB home page, ${ROUNDS} runs each)\n`);
  const parse = time('parse only (linkedom, baseline)', () => parseHTML(html));
  const profile = time('extractSiteProfile (readable text + brand profile)', () =>
    extractSiteProfile(html, 'https://www.brightpipe.example/'),
  );
  const verdict = (ms: number) => (ms <= GOAL_P95_MS ? 'within' : 'OVER');
  console.log(
    `\nbrand profile p95: wall ${profile.p95.toFixed(1)} ms (${verdict(profile.p95)} the ${GOAL_P95_MS} ms goal), ` +
      `CPU ${profile.cpuP95.toFixed(1)} ms (${verdict(profile.cpuP95)}); ` +
      `×${(profile.p50 / parse.p50).toFixed(1)} the parse alone at p50`,
  );
};
