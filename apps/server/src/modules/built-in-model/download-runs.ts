import type { TModelDownload } from '@sales-assist/contract';
import type { Config } from '../../env';
import type { DownloadProgress } from '../../lib/clients/model-download/download-progress';

/** The server's download of the built-in model: its state, progress and the way to stop it. */
export type DownloadRun = {
  state: TModelDownload['state'];
  progress: DownloadProgress | null;
  error: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  controller: AbortController | null;
  /** Settles when the running download has stopped, however it stopped. */
  settled: Promise<void> | null;
};

/**
 * One run per loaded configuration, i.e. per app (its model path): the download goes on in the background
 * of the process after the request that started it, and every later request (the page's polling, Cancel)
 * finds it here. Keyed weakly, so the apps the tests build one after another each have their own.
 */
const runs = new WeakMap<Config['localModel'], DownloadRun>();

export const downloadRunOf = (config: Config): DownloadRun => {
  let run = runs.get(config.localModel);
  if (!run) {
    run = {
      state: 'idle',
      progress: null,
      error: null,
      startedAt: null,
      finishedAt: null,
      controller: null,
      settled: null,
    };
    runs.set(config.localModel, run);
  }
  return run;
};

/** Changes a run's fields (typed, unlike Object.assign, so a misspelt field does not compile). */
export const updateRun = (run: DownloadRun, change: Partial<DownloadRun>): void => {
  Object.assign(run, change);
};
