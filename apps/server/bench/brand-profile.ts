/**
 * Brand-profile bench (`npm run bench -- content`, or `-- brand-profile` alone): the time to read
 * the brand profile (readable text, offer, audience, tone, key phrases, headings) out of a realistic
 * 60 KB home page, the fixture the tests use. Goal: p95 ≤ 50 ms. Parsing the page alone (linkedom)
 * is measured in the same run as the baseline, so the number means the same on a slower machine.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseHTML } from 'linkedom';
import { extractSiteProfile } from '../src/modules/website/extract-site-profile';

const ROUNDS = 300;
const GOAL_P95_MS = 50;
const FIXTURE = path.join(import.meta.dirname, '../test/fixtures/website/brightpipe-landing.html');

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const time = (label: string, run: () => unknown) => {
  for (let i = 0; i < 30; i++) run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const result = { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  console.log(`${label.padEnd(52)} p50 ${result.p50.toFixed(2)} ms   p95 ${result.p95.toFixed(2)} ms`);
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
  const verdict = profile.p95 <= GOAL_P95_MS ? 'within' : 'OVER';
  console.log(
    `\nbrand profile p95 ${profile.p95.toFixed(1)} ms: ${verdict} the ${GOAL_P95_MS} ms goal ` +
      `(×${(profile.p95 / parse.p95).toFixed(1)} the parse alone)`,
  );
};
