import { buildApp, createLogger } from './app';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/open-database';
import { ConfigError, loadConfig } from './env';
import { ensureAdminAccount } from './modules/auth/ensure-admin-account';
import { failInterruptedAnswers } from './modules/chat/sweep-interrupted';
import { failInterruptedImports } from './modules/leads/import-jobs';
import { startServices } from './start-services';

/**
 * One server process in the role PROCESS_ROLE gives (main.ts), or as a worker (worker.ts): 'all' and
 * 'api' serve HTTP; 'all' and 'worker' run the job queues and the outreach engine.
 */
const start = async (env: Record<string, string | undefined>): Promise<void> => {
  const config = loadConfig(env);
  const log = createLogger(config.logLevel);
  for (const notice of config.notices) log.info(notice);

  const database = await openDatabase(config, {
    onVacuumError: (error) => log.warn({ err: error }, 'vacuum of the embedded database failed'),
    onDiskFull: (error) =>
      log.error(
        { err: error },
        'The disk is full and the embedded database could not write its log: it refuses every statement now. Free space in DATA_DIR, then restart the server (the data is intact).',
      ),
  });
  log.info(`database ready (${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`);
  const services = await startServices(config, database, log);
  if (services.sandbox) log.info(`LinkedIn sandbox at ${services.sandbox.url}`);
  const { deps } = services;
  // CSV imports run beside the HTTP server that received the file: only a serving process settles them.
  const serves = config.role !== 'worker';
  if (serves) {
    const interrupted = await failInterruptedImports(deps);
    if (interrupted) log.info(`${interrupted} CSV import(s) cut off by the last stop were marked as failed`);
    const answers = await failInterruptedAnswers(deps);
    if (answers) log.info(`${answers} chat answer(s) cut off by the last stop were marked as failed`);
    if (config.admin) await ensureAdminAccount(deps, config.admin);
  }

  // A worker serves no HTTP at all: it needs no port, so any number run side by side on one host.
  const app = serves ? await buildApp(deps, log) : null;
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    await app?.close();
    await services.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (app) await app.listen({ port: config.port, host: config.host });
  else log.info('worker ready: running the job queues and the outreach engine, no HTTP');
  deps.watchdog.started();
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
