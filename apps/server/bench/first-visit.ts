/**
 * First-visit bench (`npm run bench -- first-visit`): the JavaScript a browser downloads to show the
 * sign-in page the first time, measured in Debian's Chromium against the compiled server serving the web
 * app's build, as a person meets it: the bytes on the wire (bodies as sent, brotli when the browser takes
 * it; response headers counted apart), beside their size uncompressed. Then the same page again in the same
 * browser: hashed chunks are cached as immutable, so nothing of them should come from the network. Goal:
 * ≤ 200 KB of JavaScript on the wire.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { freePort } from '../test/support/free-port';
import {
  buildCompiledServer,
  REPO_ROOT,
  serverArgs,
  startServerProcess,
  stopServerProcess,
  untilHealthy,
  WEB_DIST_DIR,
} from './compiled-server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SIGN_IN_PATH = '/loginpage';
const GOAL_BYTES = 200 * 1024;

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

type Visit = { files: number; wire: number; headers: number; decoded: number; encodings: Set<string> };

/** Loads the page until the network is quiet; sums what its scripts cost (Playwright's own byte counts). */
const firstVisit = async (page: Page, url: string): Promise<Visit> => {
  const pending: Promise<void>[] = [];
  const visit: Visit = { files: 0, wire: 0, headers: 0, decoded: 0, encodings: new Set() };
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        // Both awaited before any sum is touched: `sum += await x` would add to a stale sum.
        const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
        visit.files += 1;
        visit.wire += sizes.responseBodySize;
        visit.headers += sizes.responseHeadersSize;
        visit.decoded += body.length;
        visit.encodings.add(response.headers()['content-encoding'] ?? 'none');
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  page.removeAllListeners('response');
  return visit;
};

/** The same page again: the bytes of scripts that came from the network rather than the browser's cache. */
const secondVisit = async (page: Page, url: string): Promise<{ files: number; fromNetwork: number }> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  let fromNetwork = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) fromNetwork += event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await cdp.detach();
  return { files: scripts.size, fromNetwork };
};

export const runFirstVisitBench = async (): Promise<void> => {
  console.log(`\nFirst visit of the sign-in page (${SIGN_IN_PATH}) in Chromium, compiled server`);
  if (!existsSync(CHROMIUM)) {
    console.log(`  skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return;
  }
  // The precompressed copies are part of the build: an older build without them is built again.
  if (!existsSync(path.join(WEB_DIST_DIR, 'index.html.br'))) {
    console.log('  building the web app first (npm -w @sales-assist/web run build)');
    const built = spawnSync('npm', ['-w', '@sales-assist/web', 'run', 'build'], { cwd: REPO_ROOT });
    if (built.status !== 0) throw new Error('The web build failed');
  }
  const server = buildCompiledServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-first-visit-bench-'));
  const port = await freePort();
  const child = startServerProcess(serverArgs({ compiled: server.main }), {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    await untilHealthy(child, port, performance.now());
    const page = await (await browser.newContext()).newPage();
    const url = `http://127.0.0.1:${port}${SIGN_IN_PATH}`;
    const first = await firstVisit(page, url);
    console.log(
      `  JavaScript on the wire   ${kb(first.wire).padStart(9)} in ${first.files} files (${[...first.encodings].join(', ')}), ${kb(first.decoded)} uncompressed; goal ≤ ${kb(GOAL_BYTES)}: ${first.wire <= GOAL_BYTES ? 'met' : 'NOT met'}`,
    );
    console.log(`  their response headers   ${kb(first.headers).padStart(9)}`);
    const second = await secondVisit(page, url);
    console.log(
      `  second visit             ${kb(second.fromNetwork).padStart(9)} of JavaScript from the network (${second.files} scripts, cached as immutable)`,
    );
  } finally {
    await browser.close();
    await stopServerProcess(child);
    await server.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
};
