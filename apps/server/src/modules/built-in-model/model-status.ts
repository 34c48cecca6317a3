import { statSync } from 'node:fs';
import type { TAdminAiModelResponse, TModelDownload } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { BUILT_IN_MODEL } from '../../lib/clients/ai/local-model/model-catalog';
import { downloadLockHolder } from '../../lib/clients/model-download/download-lock';
import { aiPurposes } from './ai-purposes';
import { type DownloadRun, downloadRunOf } from './download-runs';

const sizeOf = (file: string): number | null => {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
};

const downloadOf = (run: DownloadRun, elsewhere: string | null, partial: number): TModelDownload => {
  const progress = run.state === 'running' ? run.progress : null;
  return {
    state: run.state,
    phase: progress?.phase ?? null,
    bytes_done: progress?.bytesDone ?? partial,
    bytes_total: progress?.bytesTotal ?? null,
    bytes_per_second: progress?.bytesPerSecond == null ? null : Math.round(progress.bytesPerSecond),
    seconds_left: progress?.secondsLeft ?? null,
    error: run.error,
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
    elsewhere,
  };
};

/**
 * The admin's view of the AI: the provider of each purpose, and the built-in model's file (where it goes,
 * whether it is there, what an interrupted download left) with the server's download of it, or the
 * process (`npm run model:pull`) that holds the download's lock.
 */
export const aiModelStatus = async (
  deps: Pick<AppDeps, 'config' | 'localModel'>,
): Promise<TAdminAiModelResponse> => {
  const { path: file, source } = deps.config.localModel;
  const run = downloadRunOf(deps.config);
  const holder = run.state === 'running' ? null : await downloadLockHolder(file);
  const size = sizeOf(file);
  const partial = sizeOf(`${file}.part`) ?? 0;
  const runtime = deps.localModel?.present() ? deps.localModel.status() : null;
  return {
    purposes: aiPurposes(deps),
    built_in: {
      name: source.name,
      licence: source.url === BUILT_IN_MODEL.url ? BUILT_IN_MODEL.licence : null,
      url: source.url,
      sha256: source.sha256,
      size_bytes: source.sizeBytes,
      path: file,
      present: size !== null,
      file_size_bytes: size,
      partial_bytes: partial,
      in_use: deps.config.llm === null && size !== null,
      overridden: deps.config.llm !== null,
      runtime: runtime ? { state: runtime.state, busy: runtime.busy, waiting: runtime.waiting } : null,
      download: downloadOf(
        run,
        holder ? `${holder.by} (process ${holder.pid}) since ${holder.startedAt}` : null,
        partial,
      ),
    },
  };
};
