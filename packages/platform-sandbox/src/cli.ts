import { runSandboxCli } from '@sales-assist/sandbox-kit';
import { giveMetaAnApp, startPlatformSandbox } from './index';

/**
 * Starts the platform sandbox on PORT (default 4710) and prints its URL: `node --import tsx src/cli.ts`.
 * SANDBOX_DATA_DIR: keep the worlds there (world.json), so tokens, accounts and posts survive restarts;
 * unset: in memory only. Servers find it with PLATFORM_SANDBOX_URL and read its apps' credentials from it.
 */
await runSandboxCli('Platform sandbox', 4710, async (settings) => {
  const sandbox = await startPlatformSandbox(settings);
  giveMetaAnApp(sandbox);
  return sandbox;
});
