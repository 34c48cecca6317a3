import { startPlatformSandbox } from './index';

/** Starts the platform sandbox on PORT (default 4710) and prints its URL: `node --import tsx src/cli.ts`. */
const port = Number.parseInt(process.env.PORT ?? '4710', 10);
const sandbox = await startPlatformSandbox({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`Platform sandbox listening on ${sandbox.url}`);

const stop = () => {
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
