import { existsSync } from 'node:fs';
import { BUILT_IN_MODEL_MESSAGES, type TAdminAiModelResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { DownloadError } from '../../lib/clients/model-download/download-errors';
import { prepareDownload } from '../../lib/clients/model-download/download-model';
import { AppError, conflict } from '../../lib/core/app-error';
import { downloadRunOf, updateRun } from './download-runs';
import { aiModelStatus } from './model-status';

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/**
 * Starts (or resumes, from the part file on disk) the download of the built-in model in the background of
 * this process: it goes on when the page closes, and the status call shows its progress. Refused at once
 * (409) while a download runs here or in `npm run model:pull`, or when the file is there; 507 when the disk
 * cannot hold it. A finished download is picked up by the built-in model without a restart.
 */
export const startModelDownload = async (
  deps: Pick<AppDeps, 'config' | 'localModel' | 'disk'>,
  log: Log,
  options: { retryDelayMs?: number } = {},
): Promise<TAdminAiModelResponse> => {
  const { path: target, source } = deps.config.localModel;
  const run = downloadRunOf(deps.config);
  if (run.state === 'running') throw conflict(BUILT_IN_MODEL_MESSAGES.downloadRunning);
  if (existsSync(target)) throw conflict(BUILT_IN_MODEL_MESSAGES.alreadyPresent);
  const controller = new AbortController();
  let prepared: Awaited<ReturnType<typeof prepareDownload>>;
  try {
    prepared = await prepareDownload({
      source,
      target,
      disk: deps.disk,
      by: 'the admin area',
      signal: controller.signal,
      onProgress: (progress) => {
        run.progress = progress;
      },
      ...options,
    });
  } catch (error) {
    if (error instanceof DownloadError && error.failure === 'locked') throw conflict(error.message);
    if (error instanceof DownloadError && error.failure === 'disk_full') {
      throw new AppError(507, 'disk_full', error.message);
    }
    throw error;
  }
  updateRun(run, {
    state: 'running',
    progress: null,
    error: null,
    startedAt: new Date(),
    finishedAt: null,
    controller,
  });
  log.info({ url: source.url, path: target }, 'Built-in model download started');
  run.settled = prepared.run().then(
    (result) => {
      updateRun(run, { state: 'done', finishedAt: new Date(), controller: null });
      log.info({ path: result.path, bytes: result.bytes }, 'Built-in model downloaded and verified');
      deps.localModel?.refresh();
    },
    (error: unknown) => {
      const cancelled = error instanceof DownloadError && error.failure === 'cancelled';
      updateRun(run, {
        state: cancelled ? 'cancelled' : 'failed',
        error: cancelled ? null : error instanceof Error ? error.message : String(error),
        finishedAt: new Date(),
        controller: null,
      });
      if (!cancelled) log.warn({ err: error }, 'Built-in model download failed');
    },
  );
  return aiModelStatus(deps);
};
