import {
  BUILT_IN_MODEL_MESSAGES,
  type TAdminAiModelTestRequest,
  type TAdminAiModelTestResponse,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { AiCallError, isAiAborted } from '../../lib/clients/ai/ai-errors';
import { AppError } from '../../lib/core/app-error';
import { aiPurposes } from './ai-purposes';

/** How much of an error's own message an admin reads (a built-in model's load error names the file's fault). */
const MESSAGE_CHARS = 300;

const reasonOf = (error: unknown, loadError: string | null): string => {
  // A file the built-in model could not load: llama.cpp's words are about the file, safe to show.
  if (error instanceof AiCallError && error.reason === 'failed' && loadError) {
    return `The built-in model could not be loaded: ${loadError}`;
  }
  // Otherwise 'failed' carries no detail on purpose (an answer may quote user data); the log has the cause.
  if (error instanceof AiCallError && error.reason === 'failed') {
    return "The model failed; the server's log says why.";
  }
  if (error instanceof AiCallError) return `The model ${error.reason}.`;
  const message = error instanceof Error ? error.message : String(error);
  return `The model failed: ${message.slice(0, MESSAGE_CHARS)}`;
};

/**
 * Sends a short prompt through the model that writes content (the endpoint, or the built-in model) and
 * answers its text with the time to its first piece and the tokens a second after it, so an admin sees
 * that the model works and how fast. A failure is answered with its reason (the model's, not a refusal).
 * 409 when no model serves.
 */
export const testModel = async (
  deps: Pick<AppDeps, 'config' | 'localModel' | 'ai'>,
  request: Required<TAdminAiModelTestRequest>,
  signal: AbortSignal,
): Promise<TAdminAiModelTestResponse> => {
  const ai = deps.ai;
  if (!ai) throw new AppError(409, 'not_ready', BUILT_IN_MODEL_MESSAGES.noModel);
  const provider = aiPurposes(deps).find((each) => each.purpose === 'content')?.provider ?? ai.model;
  const started = performance.now();
  let firstAt: number | null = null;
  try {
    const result = await ai.streamText({
      messages: [
        { role: 'system', content: 'You are a helpful assistant. Answer briefly, in plain text.' },
        { role: 'user', content: request.prompt },
      ],
      signal,
      onDelta: (delta) => {
        if (delta.length > 0) firstAt ??= performance.now();
      },
    });
    const ended = performance.now();
    const first = firstAt ?? ended;
    const tokens = result.usage.completionTokens;
    // The first token's wait is the time to first token; the rate is of the ones after it.
    const writing = (ended - first) / 1000;
    return {
      ok: true,
      provider,
      text: result.text,
      first_token_ms: Math.round(first - started),
      total_ms: Math.round(ended - started),
      completion_tokens: tokens,
      tokens_per_second: tokens > 1 && writing > 0 ? Math.round(((tokens - 1) / writing) * 10) / 10 : null,
    };
  } catch (error) {
    if (isAiAborted(error)) throw new AppError(499, 'cancelled', 'The request was cancelled');
    return {
      ok: false,
      provider,
      reason: reasonOf(error, deps.config.llm ? null : (deps.localModel?.status().loadError ?? null)),
      total_ms: Math.round(performance.now() - started),
    };
  }
};
