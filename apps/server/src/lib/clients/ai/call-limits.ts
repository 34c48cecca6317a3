import { AiAbortedError, AiCallError } from './ai-errors';

export type CallLimits = {
  /** Goes to the SDK: aborted by the caller's signal or by a limit, it cancels the request upstream. */
  signal: AbortSignal;
  /** A chunk of a stream arrived: the first-chunk limit is met and the idle clock starts again. */
  chunk: () => void;
  /** What ended the call early, if anything did: the caller going away or one of the limits. */
  failure: () => AiCallError | AiAbortedError | null;
  dispose: () => void;
};

/**
 * The time limits of one request, enforced with one AbortController rather than the SDK's `timeout`
 * (which stops at the response headers, so a stream that stalls after them would hang on):
 * - `firstChunkMs`: the whole answer of a plain request, or the first chunk of a stream;
 * - `idleMs`: the longest silence between a stream's chunks;
 * - `overallMs`: a whole stream.
 * The caller's signal is linked in, so a person who leaves cancels the request upstream too.
 */
export const startCallLimits = (options: {
  caller?: AbortSignal | undefined;
  firstChunkMs: number;
  idleMs?: number;
  overallMs?: number;
}): CallLimits => {
  const controller = new AbortController();
  let cause: AiCallError | AiAbortedError | null = null;
  let idle: NodeJS.Timeout | null = null;
  const stop = (reason: AiCallError | AiAbortedError): void => {
    if (cause) return;
    cause = reason;
    controller.abort(reason);
  };
  const onCallerAbort = (): void => stop(new AiAbortedError());
  if (options.caller?.aborted) onCallerAbort();
  else options.caller?.addEventListener('abort', onCallerAbort, { once: true });

  let firstChunk: NodeJS.Timeout | null = setTimeout(
    () => stop(new AiCallError('timed out', true)),
    options.firstChunkMs,
  );
  const overall = options.overallMs
    ? setTimeout(() => stop(new AiCallError('took too long to finish', false)), options.overallMs)
    : null;

  return {
    signal: controller.signal,
    chunk: () => {
      if (firstChunk) {
        clearTimeout(firstChunk);
        firstChunk = null;
      }
      if (!options.idleMs) return;
      if (idle) idle.refresh();
      else idle = setTimeout(() => stop(new AiCallError('stalled mid-answer', true)), options.idleMs);
    },
    failure: () => cause,
    dispose: () => {
      for (const timer of [firstChunk, idle, overall]) if (timer) clearTimeout(timer);
      options.caller?.removeEventListener('abort', onCallerAbort);
    },
  };
};
