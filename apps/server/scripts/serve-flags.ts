import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The node options `npm run serve` starts the compiled server with, read from the root package.json's `serve`
 * script so the benches and browser tests start it exactly as a person does: source maps for stack traces, a
 * young generation of 8 MB per semi-space and an old generation of at most 384 MB
 * (docs/decisions/speed-and-memory.md, "The server's heap bounded"): with V8's defaults on a large machine
 * the heap ran hundreds of megabytes ahead of the ~100 MB it holds, and the process never gave them back.
 */
export const SERVE_NODE_FLAGS: readonly string[] = (() => {
  const manifest = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
  ) as { scripts: Record<string, string> };
  const serve = manifest.scripts.serve ?? '';
  return serve.split(/\s+/).filter((word) => word.startsWith('--'));
})();
