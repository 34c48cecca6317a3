import type { ChatHistoryItem, LlamaGrammar } from 'node-llama-cpp';
import { AiAbortedError, AiCallError } from '../ai-errors';
import { startCallLimits } from '../call-limits';
import type { AiMessage, AiUsage } from '../types';
import { CallbackFailed } from '../with-retry';
import type { LoadedModel, LocalModelLog } from './model-holder';

/**
 * The built-in model's time limits. Reading a prompt on a laptop's CPU is far slower than an endpoint's
 * GPU (a 4 B model reads roughly 20–60 tokens a second on 2–8 cores), so the first token of a long
 * prompt may take a minute; between tokens a healthy model is well under a second; a long blog post of
 * ~2,700 tokens at 4–8 tokens a second takes 6–11 minutes, which is why long pieces run as background jobs.
 */
export const LOCAL_LIMITS = {
  firstTokenMs: 120_000,
  idleMs: 20_000,
  overallMs: 15 * 60_000,
} as const;

/** The fewest tokens of room after the prompt that an answer is capped to (less: the history is shortened). */
const MIN_ANSWER_ROOM = 256;

export type TurnLimits = { firstTokenMs: number; idleMs: number; overallMs: number };

export type TurnRequest = {
  history: ChatHistoryItem[];
  signal?: AbortSignal | undefined;
  /** Overrides the first-token limit (the caller's `timeoutMs`). */
  timeoutMs?: number | undefined;
  grammar?: LlamaGrammar;
  onDelta?: ((delta: string) => void) | undefined;
  maxTokens: number;
};

export type TurnAnswer = {
  text: string;
  usage: AiUsage;
  /** `length` when the model stopped at its token limit, else `stop` (as the OpenAI-compatible client says). */
  finishReason: 'length' | 'stop';
};

/** The app's messages as node-llama-cpp's chat history, ending with the model's turn to write. */
export const historyOf = (messages: AiMessage[]): ChatHistoryItem[] => [
  ...messages.map((message): ChatHistoryItem => {
    if (message.role === 'system') return { type: 'system', text: message.content };
    if (message.role === 'user') return { type: 'user', text: message.content };
    return { type: 'model', response: [message.content] };
  }),
  { type: 'model', response: [] },
];

/**
 * One answer of the model, run while the caller holds the queue's turn. Each turn makes a new LlamaChat
 * on the context's one sequence and renders the whole history with the model's own chat template; the
 * sequence keeps only the tokens this history shares from the start with what it held (node-llama-cpp's
 * `adaptStateToTokens`), so an earlier request's text is never seen, while a system prompt shared with the
 * previous request is not read twice. The limits of call-limits.ts apply from the start of the turn (not
 * while waiting in the queue: see create-local-model.ts); an abort stops llama.cpp between two tokens.
 */
export const generateTurn = async (
  loaded: LoadedModel,
  limits: TurnLimits,
  request: TurnRequest,
  log: LocalModelLog,
): Promise<TurnAnswer> => {
  const { LlamaChat } = await import('node-llama-cpp');
  const callLimits = startCallLimits({
    caller: request.signal,
    firstChunkMs: request.timeoutMs ?? limits.firstTokenMs,
    idleMs: limits.idleMs,
    overallMs: limits.overallMs,
  });
  const chat = new LlamaChat({
    contextSequence: loaded.sequence,
    chatWrapper: loaded.chatWrapper,
    autoDisposeSequence: false,
  });
  // The prompt as the model reads it: the history rendered by its chat template, in its own tokens. The
  // answer may have what the context has left, so llama.cpp does not shift the context mid-answer (which
  // reads the whole prompt again: a minute on a CPU). A prompt that leaves too little room is left to
  // node-llama-cpp, which drops the oldest turns (never the system message) to make some.
  const promptTokens = chat.chatWrapper
    .generateContextState({ chatHistory: request.history })
    .contextText.tokenize(loaded.model.tokenizer).length;
  const room = loaded.context.contextSize - promptTokens - 1;
  const maxTokens = room >= MIN_ANSWER_ROOM ? Math.min(request.maxTokens, room) : request.maxTokens;
  let completionTokens = 0;
  // node-llama-cpp catches (and only logs) what its callbacks throw: a failure of the caller's onDelta is
  // kept here, stops the generation through its own signal, and is thrown as it was once it has stopped.
  const callbackFailure = new AbortController();
  let callbackError: { error: unknown } | null = null;
  try {
    const response = await chat.generateResponse(request.history, {
      signal: AbortSignal.any([callLimits.signal, callbackFailure.signal]),
      maxTokens,
      ...(request.grammar ? { grammar: request.grammar } : {}),
      onToken: (tokens) => {
        completionTokens += tokens.length;
        callLimits.chunk();
      },
      onTextChunk: (text) => {
        if (!text || callbackError) return;
        try {
          request.onDelta?.(text);
        } catch (error) {
          callbackError = { error };
          callbackFailure.abort();
        }
      },
    });
    if (callbackError) throw new CallbackFailed((callbackError as { error: unknown }).error);
    return {
      text: response.response,
      usage: { promptTokens, completionTokens },
      finishReason: response.metadata.stopReason === 'maxTokens' ? 'length' : 'stop',
    };
  } catch (error) {
    if (callbackError) throw (callbackError as { error: unknown }).error;
    if (error instanceof CallbackFailed) throw error.original;
    const stopped = callLimits.failure();
    if (stopped) throw stopped;
    if (error instanceof AiAbortedError || error instanceof AiCallError) throw error;
    // llama.cpp's own failures (out of memory, a disposed context at shutdown) are logged with their
    // message here and reported by a reason that is safe to show.
    log.warn({ err: error }, 'The built-in model failed to generate');
    throw new AiCallError('failed', false);
  } finally {
    callLimits.dispose();
    chat.dispose({ disposeSequence: false });
  }
};
