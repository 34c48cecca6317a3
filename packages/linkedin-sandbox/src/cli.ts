import { runSandboxCli } from '@sales-assist/sandbox-kit';
import { startLinkedInSandbox } from './index';

/**
 * Starts the sandbox on PORT (default 4700) and prints its URL: `node --import tsx src/cli.ts`.
 * SANDBOX_DATA_DIR: keep the world there (world.json), so it survives restarts; unset: in memory only.
 * SANDBOX_SEED draws another network; SANDBOX_DAY_SECONDS makes a simulated day last that many seconds.
 */
const seed = process.env.SANDBOX_SEED ? Number.parseInt(process.env.SANDBOX_SEED, 10) : undefined;
const daySeconds = process.env.SANDBOX_DAY_SECONDS ? Number(process.env.SANDBOX_DAY_SECONDS) : undefined;

await runSandboxCli('LinkedIn sandbox', 4700, (settings) =>
  startLinkedInSandbox({ ...settings, seed, daySeconds }),
);
