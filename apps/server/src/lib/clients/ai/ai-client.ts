import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AiUnusableAnswer } from './ai-errors';
import { parseJsonAnswer } from './json-answer';
import { createOpenAiClient } from './openai-client';
import { streamChatRounds } from './stream-chat';
import { streamRound, usageOf } from './stream-round';
import type {
  AiClient,
  AiConfig,
  AiMessage,
  CompleteTextRequest,
  GenerateObjectRequest,
  GenerateObjectResult,
  StreamChatRequest,
  StreamChatResult,
  StreamTextRequest,
  StreamTextResult,
} from './types';
import { withRetry } from './with-retry';

export const DEFAULT_IDLE_TIMEOUT_MS = 20_000;
export const DEFAULT_STREAM_TIMEOUT_MS = 180_000;
/** How much of an unusable answer goes back to the model with the repair request. */
const REPAIR_ECHO_CHARS = 4_000;

const REPAIR_WORDS: Partial<Record<string, string>> = {
  'answered no text': 'it was empty',
  'answered malformed JSON': 'it was not valid JSON',
  'answered JSON of the wrong shape': 'its JSON did not have the fields asked for',
};

const sdkMessages = (messages: AiMessage[]): ChatCompletionMessageParam[] =>
  messages.map((message) => ({ role: message.role, content: message.content }));

/**
 * The one AI client of the app (campaign messages, content, later the chat), built from config.llm:
 * streaming with usage, JSON answers validated with zod and repaired once, time limits, one retry on a
 * transient failure, and failures as AiCallError reasons that are safe to log.
 */
export const createAiClient = (config: AiConfig): AiClient => {
  const idleMs = config.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const streamMs = config.streamTimeoutMs ?? DEFAULT_STREAM_TIMEOUT_MS;
  const openai = createOpenAiClient(config, streamMs + config.timeoutMs);

  /** One plain (non-streamed) chat completion, its text and usage. */
  const complete = (request: CompleteTextRequest, json: boolean) =>
    withRetry(
      { caller: request.signal, firstChunkMs: request.timeoutMs ?? config.timeoutMs },
      async (limits) => {
        const completion = await (await openai()).chat.completions.create(
          {
            model: config.model,
            messages: sdkMessages(request.messages),
            ...(json ? { response_format: { type: 'json_object' as const } } : {}),
          },
          { signal: limits.signal },
        );
        const usage = usageOf(completion.usage);
        request.onUsage?.(usage);
        return { text: completion.choices[0]?.message?.content ?? '', usage };
      },
    );

  const streamLimits = (request: { signal?: AbortSignal | undefined; timeoutMs?: number }) => ({
    caller: request.signal,
    firstChunkMs: request.timeoutMs ?? config.timeoutMs,
    idleMs,
    overallMs: streamMs,
  });

  const streamText = (request: StreamTextRequest): Promise<StreamTextResult> =>
    withRetry(streamLimits(request), async (limits, state) => {
      const answer = await streamRound(
        await openai(),
        { model: config.model, messages: sdkMessages(request.messages) },
        limits,
        state,
        request.onDelta,
      );
      const used = answer.usage ?? usageOf(null);
      request.onUsage?.(used);
      if (!answer.text.trim()) throw new AiUnusableAnswer('answered no text');
      return { text: answer.text, usage: used, finishReason: answer.finishReason };
    });

  const streamChat = (request: StreamChatRequest): Promise<StreamChatResult> =>
    streamChatRounds(request, (messages, tools, onDelta) =>
      withRetry(streamLimits(request), async (limits, state) =>
        streamRound(await openai(), { model: config.model, messages, ...tools }, limits, state, onDelta),
      ),
    );

  const generateObject = async <T>(request: GenerateObjectRequest<T>): Promise<GenerateObjectResult<T>> => {
    const read = (text: string): T => {
      const parsed = request.schema.safeParse(parseJsonAnswer(text));
      if (!parsed.success) throw new AiUnusableAnswer('answered JSON of the wrong shape');
      return parsed.data;
    };
    const first = await complete(request, true);
    try {
      return { object: read(first.text), usage: first.usage };
    } catch (error) {
      if (!(error instanceof AiUnusableAnswer)) throw error;
      // One repair: the model sees its answer and what was wrong with it (never more than once).
      const repair = await complete(
        {
          ...request,
          messages: [
            ...request.messages,
            { role: 'assistant', content: first.text.slice(0, REPAIR_ECHO_CHARS) },
            {
              role: 'user',
              content: `That answer could not be used: ${REPAIR_WORDS[error.reason] ?? 'it was unusable'}. Answer again with only the JSON object asked for${request.shapeHint ? ` (${request.shapeHint})` : ''}, nothing before or after it.`,
            },
          ],
        },
        true,
      );
      return {
        object: read(repair.text),
        usage: {
          promptTokens: first.usage.promptTokens + repair.usage.promptTokens,
          completionTokens: first.usage.completionTokens + repair.usage.completionTokens,
        },
      };
    }
  };

  return {
    model: config.model,
    streamText,
    streamChat,
    generateObject,
    completeText: async (request) => {
      const answer = await complete(request, false);
      if (!answer.text.trim()) throw new AiUnusableAnswer('answered no text');
      return answer;
    },
  };
};
