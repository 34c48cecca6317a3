/**
 * Brotli and gzip copies of the build's text files, made once at build time at the highest quality (too
 * slow to do per request, and cheap once), beside each file as `name.br` and `name.gz`. The server sends
 * them as they are to a browser that accepts them (@fastify/static's preCompressed in apps/server/src/app.ts).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text that compresses well; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
};

/** Writes the .br and .gz copies of every compressible file under `dir`; answers how many files it did. */
export const precompressDir = async (dir: string): Promise<number> => {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let done = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // A copy no smaller than the file is left out: the server then sends the file itself.
      if (br.length < bytes.length) await writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
      done += 1;
    }),
  );
  return done;
};

/** The Vite plugin: compresses the finished build (`vite build` only; the dev server serves sources). */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'sales-assist:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = performance.now();
      const count = await precompressDir(outDir);
      this.info(
        `${count} files precompressed (brotli, gzip) in ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
};
