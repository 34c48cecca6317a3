import { giveMetaAnApp, startPlatformSandbox } from './index';

/**
 * Starts the platform sandbox on PORT (default 4710) and prints its URL: `node --import tsx src/cli.ts`.
 * SANDBOX_DATA_DIR: keep the worlds there (world.json), so tokens, accounts and posts survive restarts;
 * unset: in memory only. Servers find it with PLATFORM_SANDBOX_URL and read its apps' credentials from it.
 */
const port = Number.parseInt(process.env.PORT ?? '4710', 10);
const sandbox = await startPlatformSandbox({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  dataDir: process.env.SANDBOX_DATA_DIR || undefined,
});
giveMetaAnApp(sandbox);
console.log(`Platform sandbox listening on ${sandbox.url}`);

const stop = () => {
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
