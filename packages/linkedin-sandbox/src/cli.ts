import { startLinkedInSandbox } from './index';

/** Starts the sandbox on PORT (default 4700) and prints its URL: `node --import tsx src/cli.ts`. */
const port = Number.parseInt(process.env.PORT ?? '4700', 10);
const seed = process.env.SANDBOX_SEED ? Number.parseInt(process.env.SANDBOX_SEED, 10) : undefined;
const daySeconds = process.env.SANDBOX_DAY_SECONDS ? Number(process.env.SANDBOX_DAY_SECONDS) : undefined;

// SANDBOX_DATA_DIR: keep the world there (world.json), so it survives restarts; unset: in memory only.
const dataDir = process.env.SANDBOX_DATA_DIR || undefined;

const sandbox = await startLinkedInSandbox({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  seed,
  daySeconds,
  dataDir,
});
console.log(`LinkedIn sandbox listening on ${sandbox.url}`);

const stop = () => {
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
