/**
 * How much gzipped JavaScript the first visit of a public route downloads: the entry chunk, every chunk
 * index.html preloads, and the chunks the route's lazy module pulls in (statically, transitively). The
 * brotli figure is what the server sends a browser that takes brotli (the build's .br copies); the budget
 * holds for gzip, what every browser takes.
 *
 *   npm run build && node apps/web/scripts/measure-entry.ts [distDir] [route source …]
 *
 * Reads dist/.vite/manifest.json (vite.config.ts turns the manifest on). Exits 1 when the sign-in page
 * needs more than the budget, so it can guard a build.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

type TManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type TManifest = Record<string, TManifestChunk>;

const BUDGET_BYTES = 200 * 1024;
const DEFAULT_ROUTES = ['src/modules/auth/pages/login-page.tsx'];

const distDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const routes = process.argv.length > 3 ? process.argv.slice(3) : DEFAULT_ROUTES;
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as TManifest;

const gzipSize = (file: string): number =>
  gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
/** The build's own .br copy (what is sent); a file without one (too small to gain) goes as it is. */
const brotliSize = (file: string): number => {
  const copy = path.join(distDir, `${file}.br`);
  if (existsSync(copy)) return statSync(copy).size;
  const bytes = readFileSync(path.join(distDir, file));
  return Math.min(bytes.length, brotliCompressSync(bytes).length);
};

/** A chunk and everything it imports statically: what the browser fetches before the module runs. */
const closure = (key: string, into = new Set<string>()): Set<string> => {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
  return into;
};

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error(`No entry chunk in ${distDir}/.vite/manifest.json`);

const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map(
  (m) => m[1] ?? '',
);

const entryFiles = new Set([...closure(entryKey)].map((key) => manifest[key]?.file ?? key));
for (const file of preloaded) entryFiles.add(file);

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files: Iterable<string>, size = gzipSize): number =>
  [...files].reduce((total, file) => total + size(file), 0);

const entryBytes = sum(entryFiles);
console.log(`entry + modulepreloads: ${entryFiles.size} chunks, ${kb(entryBytes)} gzipped`);

let worst = entryBytes;
for (const route of routes) {
  if (!manifest[route]) throw new Error(`${route} is not a chunk of this build`);
  const routeFiles = new Set([...closure(route)].map((key) => manifest[key]?.file ?? key));
  const extra = [...routeFiles].filter((file) => !entryFiles.has(file));
  const total = entryBytes + sum(extra);
  worst = Math.max(worst, total);
  const brotli = sum(entryFiles, brotliSize) + sum(extra, brotliSize);
  console.log(
    `${route}: +${extra.length} chunks, +${kb(total - entryBytes)} → first visit ${kb(total)} gzipped, ${kb(brotli)} brotli`,
  );
}

const largest = [...entryFiles].map((file) => [file, gzipSize(file)] as const).sort((a, b) => b[1] - a[1]);
console.log(
  'largest in the entry:',
  largest
    .slice(0, 5)
    .map(([file, bytes]) => `${file} ${kb(bytes)}`)
    .join(', '),
);

if (worst > BUDGET_BYTES) {
  console.error(`Over the budget of ${kb(BUDGET_BYTES)}.`);
  process.exitCode = 1;
}
