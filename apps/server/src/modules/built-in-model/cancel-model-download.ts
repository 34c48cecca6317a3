import { BUILT_IN_MODEL_MESSAGES, type TAdminAiModelResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../lib/core/app-error';
import { downloadRunOf } from './download-runs';
import { aiModelStatus } from './model-status';

/**
 * Stops the server's running download and answers once it has stopped; what arrived stays in the part
 * file, so the next download resumes from it. 409 when none runs in this process.
 */
export const cancelModelDownload = async (
  deps: Pick<AppDeps, 'config' | 'localModel'>,
): Promise<TAdminAiModelResponse> => {
  const run = downloadRunOf(deps.config);
  if (run.state !== 'running' || !run.controller) throw conflict(BUILT_IN_MODEL_MESSAGES.noDownload);
  run.controller.abort();
  await run.settled;
  return aiModelStatus(deps);
};
