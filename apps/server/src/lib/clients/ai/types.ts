import type { ZodType } from 'zod';
import type { Config } from '../../../env';

/**
 * What the AI layer needs of `config.llm`. The stream limits are optional so a caller (or a test) can
 * give just an endpoint; they then default to the values env.ts documents.
 */
export type AiConfig = Pick<NonNullable<Config['llm']>, 'baseUrl' | 'apiKey' | 'model' | 'timeoutMs'> &
  Partial<Pick<NonNullable<Config['llm']>, 'idleTimeoutMs' | 'streamTimeoutMs'>>;

export type AiMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** Tokens as the endpoint reported them (zero when it reports none, as some local servers do). */
export type AiUsage = { promptTokens: number; completionTokens: number };

export const NO_USAGE: AiUsage = { promptTokens: 0, completionTokens: 0 };

export const addUsage = (a: AiUsage, b: AiUsage): AiUsage => ({
  promptTokens: a.promptTokens + b.promptTokens,
  completionTokens: a.completionTokens + b.completionTokens,
});

/** Told once per request that reached the model and answered (even an unusable answer used tokens). */
export type OnAiUsage = (usage: AiUsage) => void;

export type AiCallOptions = {
  /** Aborted when the caller goes away: the request upstream is cancelled and an AiAbortedError thrown. */
  signal?: AbortSignal;
  onUsage?: OnAiUsage;
  /** The longest the answer may take (non-streamed), or a stream's first chunk; defaults to the config. */
  timeoutMs?: number;
  /**
   * Told when the model is busy with other answers and this one waits its turn, and each time it moves
   * up: how many answers are ahead of it (1: it is next); then 0 when its turn comes and the model starts
   * on it (a call that never waited hears nothing). Only the built-in model queues (one answer at a time);
   * an endpoint never calls it.
   */
  onQueued?: (ahead: number) => void;
};

export type StreamTextRequest = AiCallOptions & {
  messages: AiMessage[];
  /** Each piece of text as the model writes it. */
  onDelta?: (delta: string) => void;
};

export type StreamTextResult = {
  text: string;
  usage: AiUsage;
  /** `length`: the model stopped at its token limit, so the text may end mid-sentence. */
  finishReason: string;
};

export type GenerateObjectRequest<T> = AiCallOptions & {
  messages: AiMessage[];
  /** Validates the answer (after JSON.parse); a failure is an unusable answer, repaired once. */
  schema: ZodType<T>;
  /** Words for the repair request: what the object must hold. */
  shapeHint?: string;
};

export type GenerateObjectResult<T> = { object: T; usage: AiUsage };

export type CompleteTextRequest = AiCallOptions & { messages: AiMessage[] };
export type CompleteTextResult = { text: string; usage: AiUsage };

/** A function the model may call: `parameters` is its arguments' JSON schema. */
export type AiToolDefinition = { name: string; description: string; parameters: Record<string, unknown> };

/** One call the model asked for; `arguments` is the JSON text it wrote (possibly malformed). */
export type AiToolCall = { id: string; name: string; arguments: string };

export type StreamChatRequest = AiCallOptions & {
  messages: AiMessage[];
  tools: AiToolDefinition[];
  /**
   * Runs one call and answers the text the model reads as the tool's result (JSON). It should not throw
   * for bad arguments (answer an error the model can read instead); a throw ends the answer.
   */
  runTool: (call: AiToolCall) => Promise<string>;
  /** Requests that may call tools before the model must answer in words (the last one offers none). */
  maxRounds?: number;
  /** Each piece of text as the model writes it, across every round. */
  onDelta?: (delta: string) => void;
};

export type StreamChatResult = StreamTextResult & {
  /** The model's requests made (one per round of tool calls, plus the answer). */
  rounds: number;
};

/** The one client every writer uses (messages, content, later the chat). */
export type AiClient = {
  model: string;
  streamText: (request: StreamTextRequest) => Promise<StreamTextResult>;
  /** A streamed answer that may call tools (the chat): their results go back to the model, round by round. */
  streamChat: (request: StreamChatRequest) => Promise<StreamChatResult>;
  generateObject: <T>(request: GenerateObjectRequest<T>) => Promise<GenerateObjectResult<T>>;
  completeText: (request: CompleteTextRequest) => Promise<CompleteTextResult>;
};

/** One row of ai_usage: the tokens of one call, for a user and (when the call made one) an item. */
export type AiUsageEntry = {
  userId: string;
  itemId: number | null;
  /** What the call was for: a prompt purpose (blog_post, linkedin_post…) or the feature's name. */
  purpose: string;
  model: string;
  usage: AiUsage;
};
