import type { APIError } from 'openai';
import { loadedOpenAiSdk } from './openai-client';

/**
 * Why a model call failed, in words safe for a log line and for `fallbackReason`: never the key, the
 * prompt or the model's text (a 401's message quotes part of the key; an answer quotes user data).
 */
export type AiFailureReason =
  | 'timed out'
  | 'stalled mid-answer'
  | 'took too long to finish'
  | 'could not be reached'
  | 'was cut off mid-answer'
  | 'answered no text'
  | 'answered malformed JSON'
  | 'answered JSON of the wrong shape'
  | `answered HTTP ${number}`
  | 'answered an error mid-answer'
  /** A writer's own finding about an answer ("answered an empty connection note"). */
  | `answered ${string}`
  | 'failed';

/** A call that failed; `transient` failures are worth one more try (never once text has been streamed). */
export class AiCallError extends Error {
  constructor(
    readonly reason: AiFailureReason,
    readonly transient: boolean,
    /** Seconds the endpoint asked us to wait (Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`The model ${reason}`);
    this.name = 'AiCallError';
  }
}

/** The model answered, but nothing usable: worth one repair request that says what was wrong. */
export class AiUnusableAnswer extends AiCallError {
  constructor(reason: Extract<AiFailureReason, `answered ${string}` | 'was cut off mid-answer'>) {
    super(reason, false);
    this.name = 'AiUnusableAnswer';
  }
}

/** The caller's signal was aborted (the person went away): nothing is to be written or saved. */
export class AiAbortedError extends Error {
  constructor() {
    super('The request was cancelled');
    this.name = 'AiAbortedError';
  }
}

export const isAiAborted = (error: unknown): error is AiAbortedError => error instanceof AiAbortedError;

/** The reason to log for any failure of a call (a writer falls back with it). */
export const aiFailureReason = (error: unknown): AiFailureReason =>
  error instanceof AiCallError ? error.reason : 'failed';

const retryAfterOf = (error: APIError): number | null => {
  const headers = error.headers;
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const seconds = Number(headers?.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
};

/**
 * The SDK's error as an AiCallError. Connection errors, time-outs, 408, 409, 429 and 5xx are transient
 * (the SDK's own retry rule); any other status (401, 404 of an unknown model, 400) would fail again.
 * An APIError without a status is an error event inside a stream.
 */
export const classifySdkError = (error: unknown): AiCallError => {
  if (error instanceof AiCallError) return error;
  // The SDK is loaded at the first call (openai-client.ts): before that no error can be one of its own.
  const sdk = loadedOpenAiSdk();
  if (sdk && error instanceof sdk.APIConnectionTimeoutError) return new AiCallError('timed out', true);
  if (sdk && error instanceof sdk.APIUserAbortError) return new AiCallError('failed', false);
  if (sdk && error instanceof sdk.APIConnectionError) return new AiCallError('could not be reached', true);
  if (sdk && error instanceof sdk.APIError) {
    const status = error.status;
    if (status === undefined) return new AiCallError('answered an error mid-answer', false);
    const transient = status === 408 || status === 409 || status === 429 || status >= 500;
    return new AiCallError(`answered HTTP ${status}`, transient, retryAfterOf(error));
  }
  // undici reports a connection dropped mid-body as a TypeError ("terminated"), with no status.
  if (error instanceof TypeError) return new AiCallError('was cut off mid-answer', true);
  return new AiCallError('failed', false);
};
