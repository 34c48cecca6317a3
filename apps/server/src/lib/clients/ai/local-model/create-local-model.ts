import { statSync } from 'node:fs';
import path from 'node:path';
import type { GbnfJsonSchema, LlamaGrammar } from 'node-llama-cpp';
import { z } from 'zod';
import { AiCallError, AiUnusableAnswer } from '../ai-errors';
import { parseJsonAnswer } from '../json-answer';
import type {
  AiClient,
  AiMessage,
  CompleteTextRequest,
  GenerateObjectRequest,
  GenerateObjectResult,
  StreamTextRequest,
  StreamTextResult,
} from '../types';
import { generateTurn, historyOf, LOCAL_LIMITS, type TurnLimits, type TurnRequest } from './generate-turn';
import { createGenerationQueue } from './generation-queue';
import { BUILT_IN_MODEL } from './model-catalog';
import {
  createModelHolder,
  type LoadedModel,
  type LocalModelConfig,
  type LocalModelLog,
} from './model-holder';
import { dropNullProperties, optionalAsNull } from './optional-as-null';
import { streamChatWithTools } from './tool-rounds';
import type { LocalModel, LocalModelStatus } from './types';

export type LocalModelOptions = {
  /**
   * The most tokens one answer may have (and never more than the context has left after the prompt).
   * Default: half the context, 4,096 tokens of the default 8,192: a 2,000-word blog post is ~2,700.
   */
  maxTokens?: number;
  /** The time limits of a turn; LOCAL_LIMITS unless a test or bench says otherwise. */
  limits?: Partial<TurnLimits>;
};

/** How long `present()` trusts its last look at the file. */
const PRESENCE_RECHECK_MS = 1_000;
/** How much of a failed load's message the admin area shows. */
const LOAD_ERROR_CHARS = 300;
/** How much of an unusable answer goes back to the model with the repair request (as ai-client.ts). */
const REPAIR_ECHO_CHARS = 4_000;

/** The name usage rows and the admin area show: the catalogue's for its file, else the file's own name. */
export const localModelName = (file: string): string =>
  path.basename(file) === BUILT_IN_MODEL.fileName ? BUILT_IN_MODEL.name : path.basename(file, '.gguf');

const fileSize = (file: string): number | null => {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
};

/** A zod schema as the JSON Schema a grammar is made from (null when it has no JSON Schema form). */
const jsonSchemaOf = (schema: z.ZodType): GbnfJsonSchema | null => {
  try {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
    return optionalAsNull(json) as GbnfJsonSchema;
  } catch {
    return null;
  }
};

/**
 * The built-in model (node-llama-cpp running a GGUF file in this process) as an AiClient and its status.
 * Nothing is loaded until a call needs the model; the model and its context are freed after
 * `idleUnloadMs` without a call and at shutdown (`unload`). One generation runs at a time, first come
 * first served; a caller's place is `status().waiting`. The time limits count from the start of a caller's
 * turn, not from when it joined the queue: a caller behind a ten-minute blog post would otherwise time out
 * through no fault of the model; waiting is bounded by the caller's own signal instead (the chat's answer
 * deadline, a closed page, a job's end).
 */
export const createLocalModel = (
  config: LocalModelConfig,
  log: LocalModelLog,
  options: LocalModelOptions = {},
): LocalModel => {
  const holder = createModelHolder(config, log);
  const queue = createGenerationQueue();
  let loadError: string | null = null;
  const limits: TurnLimits = { ...LOCAL_LIMITS, ...options.limits };
  const maxTokens = options.maxTokens ?? Math.floor(config.contextSize / 2);
  // Whether the file is there, read again at most once a second: a file `npm run model:pull` finished while
  // the server runs is picked up without a restart, and a per-request stat costs nothing noticeable.
  let present = fileSize(config.path) !== null;
  let checkedAt = performance.now();
  const refresh = (): boolean => {
    const was = present;
    present = fileSize(config.path) !== null;
    checkedAt = performance.now();
    if (was !== present) log.info({ path: config.path, present }, 'Built-in model file changed');
    // A file that went away must not stay mapped: the next call would read a deleted file.
    if (!present) void holder.unload();
    return present;
  };

  // The idle unload: armed when the queue empties, disarmed when a call starts.
  let idleTimer: NodeJS.Timeout | null = null;
  const disarm = (): void => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  };
  queue.onIdle(() => {
    disarm();
    if (holder.state() === 'unloaded') return;
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (!queue.busy()) void holder.unload();
    }, config.idleUnloadMs);
    idleTimer.unref();
  });

  const withModel = <T>(
    signal: AbortSignal | undefined,
    work: (loaded: LoadedModel) => Promise<T>,
    onQueued?: (ahead: number) => void,
  ): Promise<T> =>
    queue.run(
      signal,
      async () => {
        disarm();
        const loaded = await holder.get().catch((error: unknown) => {
          // A missing or damaged file, or too little memory: logged with llama.cpp's words, told as a reason.
          log.warn({ err: error, path: config.path }, 'The built-in model could not be loaded');
          loadError = (error instanceof Error ? error.message : String(error)).slice(0, LOAD_ERROR_CHARS);
          throw new AiCallError('failed', false);
        });
        loadError = null;
        return work(loaded);
      },
      onQueued,
    );

  const turn = (loaded: LoadedModel, request: Omit<TurnRequest, 'maxTokens'> & { maxTokens?: number }) =>
    generateTurn(loaded, limits, { ...request, maxTokens: request.maxTokens ?? maxTokens }, log);

  // Grammars are compiled once per schema and loaded model (a JSON Schema grammar takes a few ms to build).
  const grammars = new WeakMap<LoadedModel, Map<string, Promise<LlamaGrammar>>>();
  const grammarFor = (loaded: LoadedModel, schema: GbnfJsonSchema): Promise<LlamaGrammar> => {
    const key = JSON.stringify(schema);
    const cache = grammars.get(loaded) ?? new Map<string, Promise<LlamaGrammar>>();
    grammars.set(loaded, cache);
    let grammar = cache.get(key);
    if (!grammar) {
      grammar = loaded.llama.createGrammarForJsonSchema(schema as never);
      cache.set(key, grammar);
    }
    return grammar;
  };

  const answer = (
    messages: AiMessage[],
    request: CompleteTextRequest & { onDelta?: StreamTextRequest['onDelta'] },
  ) =>
    withModel(
      request.signal,
      async (loaded) => {
        const result = await turn(loaded, {
          history: historyOf(messages),
          signal: request.signal,
          timeoutMs: request.timeoutMs,
          onDelta: request.onDelta,
        });
        request.onUsage?.(result.usage);
        return result;
      },
      request.onQueued,
    );

  const streamText = async (request: StreamTextRequest): Promise<StreamTextResult> => {
    const result = await answer(request.messages, request);
    if (!result.text.trim()) throw new AiUnusableAnswer('answered no text');
    return result;
  };

  const anyJsonGrammars = new WeakMap<LoadedModel, Promise<LlamaGrammar>>();
  const anyJson = (loaded: LoadedModel): Promise<LlamaGrammar> => {
    let grammar = anyJsonGrammars.get(loaded);
    if (!grammar) {
      grammar = loaded.llama.getGrammarFor('json');
      anyJsonGrammars.set(loaded, grammar);
    }
    return grammar;
  };

  /** One JSON answer under the schema's grammar (when it has a JSON Schema form), validated with zod. */
  const jsonAnswer = <T>(request: GenerateObjectRequest<T>, messages: AiMessage[]) =>
    withModel(
      request.signal,
      async (loaded) => {
        // The schema's own grammar when it has a JSON Schema form node-llama-cpp can compile; else any JSON
        // (a schema with a transform, say), which zod then checks as it would an endpoint's answer.
        const schema = jsonSchemaOf(request.schema);
        const grammar = await (schema
          ? grammarFor(loaded, schema)
          : Promise.reject(new Error('no JSON Schema'))
        )
          .catch(() => anyJson(loaded))
          .catch(() => null);
        const result = await turn(loaded, {
          history: historyOf(messages),
          signal: request.signal,
          timeoutMs: request.timeoutMs,
          ...(grammar ? { grammar } : {}),
        });
        request.onUsage?.(result.usage);
        return result;
      },
      request.onQueued,
    );

  const generateObject = async <T>(request: GenerateObjectRequest<T>): Promise<GenerateObjectResult<T>> => {
    const read = (text: string): T => {
      const answer = parseJsonAnswer(text);
      // As written, then with the nulls the grammar allowed for left-out properties removed.
      const parsed = request.schema.safeParse(answer);
      if (parsed.success) return parsed.data;
      const withoutNulls = request.schema.safeParse(dropNullProperties(answer));
      if (!withoutNulls.success) throw new AiUnusableAnswer('answered JSON of the wrong shape');
      return withoutNulls.data;
    };
    const first = await jsonAnswer(request, request.messages);
    try {
      return { object: read(first.text), usage: first.usage };
    } catch (error) {
      if (!(error instanceof AiUnusableAnswer)) throw error;
      // The grammar makes JSON of the schema's shape; what it cannot hold (a bound zod checks, an answer cut
      // at the token limit) is repaired once, as with an endpoint.
      const repair = await jsonAnswer(request, [
        ...request.messages,
        { role: 'assistant', content: first.text.slice(0, REPAIR_ECHO_CHARS) },
        {
          role: 'user',
          content: `That answer could not be used: ${error.reason}. Answer again with only the JSON object asked for${request.shapeHint ? ` (${request.shapeHint})` : ''}.`,
        },
      ]);
      return {
        object: read(repair.text),
        usage: {
          promptTokens: first.usage.promptTokens + repair.usage.promptTokens,
          completionTokens: first.usage.completionTokens + repair.usage.completionTokens,
        },
      };
    }
  };

  const client: AiClient = {
    model: localModelName(config.path),
    streamText,
    streamChat: (request) => streamChatWithTools(request, { withModel, turn, grammarFor }),
    generateObject,
    completeText: async (request) => {
      const result = await answer(request.messages, request);
      if (!result.text.trim()) throw new AiUnusableAnswer('answered no text');
      return { text: result.text, usage: result.usage };
    },
  };

  const status = (): LocalModelStatus => {
    const sizeBytes = fileSize(config.path);
    return {
      state: sizeBytes === null ? 'absent' : holder.state(),
      path: config.path,
      sizeBytes,
      waiting: queue.waiting(),
      busy: queue.busy(),
      loadError,
    };
  };

  return {
    client,
    present: () => (performance.now() - checkedAt < PRESENCE_RECHECK_MS ? present : refresh()),
    refresh: () => {
      refresh();
    },
    status,
    unload: async () => {
      disarm();
      await holder.unload();
    },
  };
};
