import type { Logger } from 'pino';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/open-database';
import { ConfigError, loadConfig } from './env';

/**
 * One server process in the role PROCESS_ROLE gives (main.ts), or as a worker (worker.ts): 'all' and
 * 'api' serve HTTP; 'all' and 'worker' run the job queues and the outreach engine.
 */
const start = async (env: Record<string, string | undefined>): Promise<void> => {
  const config = loadConfig(env);
  // Set as soon as the logger's module has loaded; the database reports through it only later (a vacuum
  // every five minutes, a full disk on a write).
  let log: Logger | null = null;
  // The two slowest steps of a start run side by side: the embedded database opening (its WebAssembly
  // compiled, its log replayed) and the rest of the server's modules loading (measured: bench/cold-start.ts,
  // docs/decisions/speed-and-memory.md, "Production serving and the compiled server").
  const [database, [{ buildApp, createLogger }, { startServices }, admin]] = await Promise.all([
    openDatabase(config, {
      onVacuumError: (error) => log?.warn({ err: error }, 'vacuum of the embedded database failed'),
      onDiskFull: (error) =>
        log?.error(
          { err: error },
          'The disk is full and the embedded database could not write its log: it refuses every statement now. Free space in DATA_DIR, then restart the server (the data is intact).',
        ),
    }),
    Promise.all([import('./app'), import('./start-services'), import('./modules/auth/ensure-admin-account')]),
  ]);
  log = createLogger(config.logLevel);
  for (const notice of config.notices) log.info(notice);
  log.info(`database ready (${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`);
  // The LinkedIn sandbox's world, the job workers and the engines wait until the port is open
  // (start-services.ts): nothing a first request needs waits for them. The start-up recoveries of a serving
  // process (CSV imports and chat answers the last stop cut off) run before it opens (background-work.ts).
  const services = await startServices(config, database, log, {
    sandboxWorldAtFirstRequest: true,
    workAfterListen: true,
    processStart: true,
  });
  if (services.sandbox) log.info(`LinkedIn sandbox at ${services.sandbox.url}`);
  const { deps } = services;
  const serves = config.role !== 'worker';
  if (serves && config.admin) await admin.ensureAdminAccount(deps, config.admin);

  // A worker serves no HTTP at all: it needs no port, so any number run side by side on one host.
  const app = serves ? await buildApp(deps, log) : null;
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log?.info(`${signal}: shutting down`);
    await app?.close();
    await services.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (app) await app.listen({ port: config.port, host: config.host });
  // Watched from here on, so a stall while the queues and the engine start is reported like any other;
  // a failure to start them still ends the process (caught below), listening or not.
  deps.watchdog.started();
  await services.startWork();
  if (!app) log.info('worker ready: running the job queues and the outreach engine, no HTTP');
};

export const runProcess = (env: Record<string, string | undefined>): void => {
  start(env).catch((error: unknown) => {
    // Configuration and lock errors are for a person to read: no stack trace.
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
};
