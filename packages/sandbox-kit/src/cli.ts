/** What `npm -w <sandbox> start` reads from the environment, common to every sandbox. */
export type CliSettings = {
  port: number;
  host: string;
  /** SANDBOX_DATA_DIR: where the world is kept (world.json), so it survives restarts; unset: in memory only. */
  dataDir: string | undefined;
};

/**
 * A sandbox started on its own (`node --import tsx src/cli.ts`): on PORT (else `defaultPort`) and HOST
 * (else loopback: a sandbox holds made-up secrets only, and shows them to whoever asks), its URL printed,
 * closed on SIGINT or SIGTERM so a debounced world is saved before the process ends.
 */
export const runSandboxCli = async (
  name: string,
  defaultPort: number,
  start: (settings: CliSettings) => Promise<{ url: string; close: () => Promise<void> }>,
): Promise<void> => {
  const sandbox = await start({
    port: Number.parseInt(process.env.PORT ?? String(defaultPort), 10),
    host: process.env.HOST ?? '127.0.0.1',
    dataDir: process.env.SANDBOX_DATA_DIR || undefined,
  });
  console.log(`${name} listening on ${sandbox.url}`);
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};
