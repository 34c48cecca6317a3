import type { Config } from '../../env';

/** Requests to the model in one answer: up to three rounds of tool calls, then the answer in words. */
export const ANSWER_ROUNDS = 4;

/** Without a model an answer is a few database reads: far less than this. */
const NO_MODEL_ANSWER_MS = 60_000;

/**
 * The longest one answer may take, all its rounds together (LLM_STREAM_TIMEOUT_MS): past it the answer
 * ends as failed, so no row stays `streaming` on a live process for longer.
 */
export const answerDeadlineMs = (config: Pick<Config, 'llm'>): number =>
  config.llm?.streamTimeoutMs ?? NO_MODEL_ANSWER_MS;

/**
 * A `streaming` row older than this belongs to no live process (every answer ends within its deadline):
 * it no longer makes its chat busy, and the sweep marks it as interrupted.
 */
export const staleStreamingMs = (config: Pick<Config, 'llm'>): number => answerDeadlineMs(config) + 60_000;
