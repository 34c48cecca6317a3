// Loaded with `node --import` before the server: notes every package from node_modules the process
// loads (by import or require), and writes their names to LOADED_PACKAGES_FILE when the process exits.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded = new Set();
registerHooks({
  load(url, context, nextLoad) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match?.[1]) loaded.add(match[1]);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  if (process.env.LOADED_PACKAGES_FILE)
    writeFileSync(process.env.LOADED_PACKAGES_FILE, [...loaded].sort().join('\n'));
});
