import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LlmStandIn, standInLlmEnv, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { compiledServer } from './compiled-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, e2eEnv } from './e2e-env';
import { freePort } from './free-port';
import { freshDatabaseUrl } from './fresh-database';
import { REPO_ROOT, stopServer, waitForHealth } from './global-setup';

export type TServerWithModel = {
  standIn: LlmStandIn;
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
};

/**
 * The shared journeys' server runs without an AI endpoint (their offline writers are part of what they
 * check). A journey about the model's own behaviour (a chat answer that calls tools, a long answer to
 * stop) gets a server of its own, started the same way, with LLM_BASE_URL pointed at the local
 * OpenAI-compatible stand-in, which the journey steers (setMode / queueModes).
 */
export const startServerWithModel = async (): Promise<TServerWithModel> => {
  const apiKey = 'e2e-model-key';
  const standIn = await startLlmStandIn({ apiKey });
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sales-assist-e2e-model-'));
  const database = await freshDatabaseUrl(process.env.DATABASE_URL);
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const compiled = compiledServer();
  const server = spawn(process.execPath, compiled.args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...compiled.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      // The shared journeys' little website, for the website step of an account.
      SAFE_FETCH_ALLOWLIST: new URL(e2eEnv().siteUrl).host,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ...standInLlmEnv(standIn, apiKey),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const stop = async () => {
    await stopServer(server);
    await standIn.close();
    log.end();
    await database.drop();
    if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { standIn, baseUrl, dataDir, stop };
};
