import type { AppDeps } from '../../app-deps';
import { LOCAL_LIMITS } from '../../lib/clients/ai/local-model/generate-turn';

/** Requests to the model in one answer: up to three rounds of tool calls, then the answer in words. */
export const ANSWER_ROUNDS = 4;

/** Without a model an answer is a few database reads: far less than this. */
const NO_MODEL_ANSWER_MS = 60_000;

type LimitDeps = Pick<AppDeps, 'config' | 'localModel'>;

/**
 * The longest one answer may take, all its rounds together: past it the answer ends as failed, so no row
 * stays `streaming` on a live process for longer. An endpoint's is LLM_STREAM_TIMEOUT_MS; the built-in
 * model's is its own whole-answer limit (a CPU reads a long prompt slowly), while its file is there.
 */
export const answerDeadlineMs = (deps: LimitDeps): number =>
  deps.config.llm?.streamTimeoutMs ??
  (deps.localModel?.present() ? LOCAL_LIMITS.overallMs : NO_MODEL_ANSWER_MS);

/**
 * A `streaming` row older than this belongs to no live process (every answer ends within its deadline):
 * it no longer makes its chat busy, and the sweep marks it as interrupted.
 */
export const staleStreamingMs = (deps: LimitDeps): number => answerDeadlineMs(deps) + 60_000;
