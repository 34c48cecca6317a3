import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LlmStandIn, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { AppDeps } from '../src/app-deps';
import { type Database, openDatabase } from '../src/db/open-database';
import { loadConfig } from '../src/env';
import { startServices } from '../src/start-services';

export type BenchServer = {
  llm: LlmStandIn;
  database: Database;
  deps: AppDeps;
  app: FastifyInstance;
  /** The port the app listens on (127.0.0.1), for calls over real connections. */
  port: number;
  stop: () => Promise<void>;
};

/**
 * The whole server on a fresh data directory, its AI endpoint the OpenAI-compatible stand-in answering at
 * once, listening on a free port: what the streaming benches measure against.
 */
export const startBenchServer = async (
  databaseUrl: string,
  name: string,
  options: { engine?: boolean; env?: Record<string, string> } = {},
): Promise<BenchServer> => {
  const llm = await startLlmStandIn();
  const dataDir = await mkdtemp(path.join(tmpdir(), `sales-assist-${name}-bench-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    LLM_BASE_URL: `${llm.url}/v1`,
    LLM_API_KEY: 'test-key',
    // The benches measure the calls themselves (50 chat streams at once from one account), not the model
    // budget that would refuse most of them (docs/decisions/content-writing.md, "Model budget").
    AI_REQUESTS_PER_MINUTE: '1000000',
    AI_CONCURRENT_REQUESTS: '100000',
    // A bench that measures the budget itself (the chat bench's 50 streams from one account) sets it back.
    ...options.env,
  });
  const database = await openDatabase(config);
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const services = await startServices(
    config,
    database,
    quiet,
    options.engine === undefined ? {} : { engine: options.engine },
  );
  const app = await buildApp(services.deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    llm,
    database,
    deps: services.deps,
    app,
    port,
    stop: async () => {
      await app.close();
      await services.stop();
      await database.close();
      await llm.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
