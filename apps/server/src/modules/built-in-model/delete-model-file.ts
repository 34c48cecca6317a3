import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { BUILT_IN_MODEL_MESSAGES, type TAdminAiModelResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { downloadLockHolder } from '../../lib/clients/model-download/download-lock';
import { conflict, notFound } from '../../lib/core/app-error';
import { downloadRunOf, updateRun } from './download-runs';
import { aiModelStatus } from './model-status';

/**
 * Deletes the built-in model's file and what an interrupted download left, freeing the disk; the
 * built-in model steps back (the writers work without a model again) at once. 409 while a download runs
 * (cancel it first), 404 when there is nothing to delete.
 */
export const deleteModelFile = async (
  deps: Pick<AppDeps, 'config' | 'localModel'>,
): Promise<TAdminAiModelResponse> => {
  const file = deps.config.localModel.path;
  const run = downloadRunOf(deps.config);
  if (run.state === 'running' || (await downloadLockHolder(file))) {
    throw conflict(BUILT_IN_MODEL_MESSAGES.deleteWhileRunning);
  }
  if (!existsSync(file) && !existsSync(`${file}.part`)) throw notFound('There is no model file to delete.');
  await rm(file, { force: true });
  await rm(`${file}.part`, { force: true });
  // The model must not keep serving from a deleted file (refresh unloads it when the file is gone).
  deps.localModel?.refresh();
  updateRun(run, { state: 'idle', progress: null, error: null, startedAt: null, finishedAt: null });
  return aiModelStatus(deps);
};
