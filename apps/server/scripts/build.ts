/**
 * `npm -w @sales-assist/server run build` (part of `npm run build`): the server and the workspace packages
 * it imports (contract, LinkedIn and platform sandboxes, all TypeScript sources) bundled by rolldown into
 * plain ES modules in apps/server/dist, with source maps (`node --enable-source-maps dist/main.js`). The
 * packages from node_modules stay external but one (BUNDLED_PACKAGES): native modules (@node-rs/argon2,
 * @resvg/resvg-js, sharp, and node-llama-cpp, which finds its prebuilt llama.cpp binary in the
 * @node-llama-cpp/* package beside it and is imported only when the built-in model first runs), PGlite's
 * wasm and data files, fonts, are loaded from where npm put them, as under tsx.
 *
 * The server finds some files at run time relative to its own module (import.meta.dirname/url): the
 * migrations folder, the worker threads' .mjs files and the web app's build. Every output file is written
 * to dist/ itself (no chunks folder), so those paths resolve from any chunk the code lands in, and the
 * files are copied beside it; apps/server/dist sits as deep as apps/server/src, so `../../web/dist` still
 * names the web build.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';

const serverDir = path.resolve(import.meta.dirname, '..');
const srcDir = path.join(serverDir, 'src');
/**
 * apps/server/dist; tests and the browser tests' server build a private copy elsewhere under apps/server
 * (`node scripts/build.ts <dir>`: node_modules must be found above it), so a run never replaces the files
 * of a server another run is starting.
 */
const outDir = path.resolve(process.argv[2] ?? path.join(serverDir, 'dist'));

/** Files the server opens beside its modules at run time, copied to the same place relative to dist/. */
const RUNTIME_FILES: { from: string; to: string }[] = [
  { from: 'db/migrations', to: 'migrations' },
  { from: 'lib/core/faults/stall-watch-worker.mjs', to: 'stall-watch-worker.mjs' },
  { from: 'modules/inputs/extract/extract-worker.mjs', to: 'extract-worker.mjs' },
];

/**
 * Packages from node_modules bundled all the same: pure JavaScript, no files read at run time, imported by
 * nothing else that stays external (so no second copy exists), and costly to load as they ship. drizzle-orm
 * is ~450 small ES modules: node resolving and reading them one by one took ~0.6 s of CPU at every start,
 * bundled ~0.07 s (docs/decisions/speed-and-memory.md, "Production serving and the compiled server").
 */
const BUNDLED_PACKAGES = ['drizzle-orm'];

const packageOf = (id: string): string =>
  id
    .split('/')
    .slice(0, id.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Bundled: relative and absolute paths, the workspace's own packages (their `exports` are .ts sources)
 * and BUNDLED_PACKAGES; every other package is imported from node_modules at run time.
 */
const isExternal = (id: string): boolean =>
  !id.startsWith('.') &&
  !path.isAbsolute(id) &&
  !id.startsWith('\0') &&
  !id.startsWith('@sales-assist/') &&
  !BUNDLED_PACKAGES.includes(packageOf(id));

const started = performance.now();
rmSync(outDir, { recursive: true, force: true });
await build({
  input: {
    main: path.join(srcDir, 'main.ts'),
    worker: path.join(srcDir, 'worker.ts'),
    // The embedded database's thread (db/embedded-client.ts starts ./embedded-thread.js beside itself).
    'embedded-thread': path.join(srcDir, 'db/embedded-thread.ts'),
  },
  platform: 'node',
  external: isExternal,
  tsconfig: path.join(serverDir, 'tsconfig.json'),
  logLevel: 'warn',
  output: {
    dir: outDir,
    format: 'esm',
    sourcemap: true,
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
  },
});
for (const file of RUNTIME_FILES) {
  cpSync(path.join(srcDir, file.from), path.join(outDir, file.to), { recursive: true });
}
for (const entry of ['main.js', 'worker.js', 'embedded-thread.js', 'migrations/meta/_journal.json']) {
  if (!existsSync(path.join(outDir, entry))) throw new Error(`The server build lacks dist/${entry}`);
}
console.log(
  `server built to ${path.relative(process.cwd(), outDir) || '.'} in ${Math.round(performance.now() - started)} ms`,
);
