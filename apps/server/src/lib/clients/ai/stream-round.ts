import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { AiCallError, classifySdkError } from './ai-errors';
import type { CallLimits } from './call-limits';
import type { AiToolCall, AiUsage } from './types';
import { type AttemptState, CallbackFailed } from './with-retry';

type SdkUsage = { prompt_tokens?: number; completion_tokens?: number } | null | undefined;
export const usageOf = (usage: SdkUsage): AiUsage => ({
  promptTokens: usage?.prompt_tokens ?? 0,
  completionTokens: usage?.completion_tokens ?? 0,
});

export type RoundAnswer = {
  text: string;
  /** The functions the model asked for, put together from their streamed pieces, in the model's order. */
  toolCalls: AiToolCall[];
  finishReason: string;
  /** Null when the endpoint reported none. */
  usage: AiUsage | null;
};

/**
 * One streamed chat completion under its limits: text deltas go to `onDelta` as they come, and the
 * pieces of tool calls (an id and name first, then the arguments' JSON in fragments, keyed by index)
 * are put together. A connection lost once text had gone out is an answer cut off, never retried.
 */
export const streamRound = async (
  openai: OpenAI,
  params: Omit<ChatCompletionCreateParamsStreaming, 'stream' | 'stream_options'>,
  limits: CallLimits,
  state: AttemptState,
  onDelta: ((delta: string) => void) | undefined,
): Promise<RoundAnswer> => {
  const stream = await openai.chat.completions.create(
    { ...params, stream: true, stream_options: { include_usage: true } },
    { signal: limits.signal },
  );
  let text = '';
  let finishReason: string | null = null;
  let usage: AiUsage | null = null;
  const calls = new Map<number, AiToolCall>();
  try {
    for await (const chunk of stream) {
      limits.chunk();
      if (chunk.usage) usage = usageOf(chunk.usage);
      const choice = chunk.choices[0];
      const delta = choice?.delta?.content;
      if (delta) {
        text += delta;
        state.sentText = true;
        try {
          onDelta?.(delta);
        } catch (error) {
          throw new CallbackFailed(error);
        }
      }
      for (const piece of choice?.delta?.tool_calls ?? []) {
        const call = calls.get(piece.index) ?? { id: '', name: '', arguments: '' };
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.name += piece.function.name;
        if (piece.function?.arguments) call.arguments += piece.function.arguments;
        calls.set(piece.index, call);
      }
      if (choice?.finish_reason) finishReason = choice.finish_reason;
    }
  } catch (error) {
    if (error instanceof CallbackFailed) throw error;
    const failure = limits.failure() ?? classifySdkError(error);
    if (failure instanceof AiCallError && failure.reason === 'could not be reached') {
      throw new AiCallError('was cut off mid-answer', !state.sentText);
    }
    throw failure;
  }
  // The SDK ends a stream quietly when it is aborted: a limit or the caller may have ended it.
  const stopped = limits.failure();
  if (stopped) throw stopped;
  if (!finishReason) throw new AiCallError('was cut off mid-answer', !state.sentText);
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }))
    .filter((call) => call.name);
  return { text, toolCalls, finishReason, usage };
};
