import { availableParallelism } from 'node:os';
import type { ChatWrapper, Llama, LlamaContext, LlamaContextSequence, LlamaModel } from 'node-llama-cpp';
import type { Config } from '../../../../env';
import { loadOnce } from '../../../core/load-once';

export type LocalModelConfig = Config['localModel'];

export type LocalModelLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

/** A model in memory with its one context and that context's one sequence (one generation at a time). */
export type LoadedModel = {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
  /** The model's chat template (resolved once per load: resolving renders the template many times). */
  chatWrapper: ChatWrapper;
};

/** The machine's cores: the most threads a generation may use, whatever LOCAL_MODEL_THREADS says. */
export const machineCores = (): number => Math.max(1, availableParallelism());

/** The threads a generation uses: LOCAL_MODEL_THREADS within the machine's cores, else all of them. */
export const threadsFor = (config: Pick<LocalModelConfig, 'threads'>): number =>
  Math.min(config.threads ?? machineCores(), machineCores());

/**
 * llama.cpp's runtime, loaded at the first generation and kept for the life of the process (a native
 * addon cannot be unloaded; the model and its context can). Imported dynamically so an install that never
 * has a model file never loads node-llama-cpp. Only the prebuilt CPU binary is installed, and `build:
 * 'never'` keeps it from trying to compile one when a binary is missing (it fails with the reason instead).
 */
const loadRuntime = loadOnce(async () => {
  const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
  return getLlama({
    gpu: false,
    build: 'never',
    maxThreads: machineCores(),
    logLevel: LlamaLogLevel.warn,
    // llama.cpp's own warnings (a tokenizer oddity, a context shift) are rare; they go to stderr as lines.
    logger: (level, message) => {
      if (message.trim()) process.stderr.write(`[llama.cpp ${level}] ${message.trim()}\n`);
    },
  });
});

export type ModelHolder = {
  /** The model ready to generate: loaded at the first call (and again after an unload). */
  get: () => Promise<LoadedModel>;
  state: () => 'unloaded' | 'loading' | 'ready';
  /** Frees the model and its context; the next `get` loads them again. */
  unload: () => Promise<void>;
};

/**
 * Holds the GGUF file in memory between generations. The context is made once per load with the
 * configured size (LOCAL_MODEL_CONTEXT), so its memory is known up front; the model file is memory-mapped
 * by llama.cpp, so its pages are shared with the page cache rather than copied.
 */
export const createModelHolder = (config: LocalModelConfig, log: LocalModelLog): ModelHolder => {
  let loading: Promise<LoadedModel> | null = null;
  let ready = false;

  const load = async (): Promise<LoadedModel> => {
    const started = performance.now();
    const llama = await loadRuntime();
    const { resolveChatWrapper } = await import('node-llama-cpp');
    const model = await llama.loadModel({ modelPath: config.path, gpuLayers: 0 });
    try {
      const context = await model.createContext({
        contextSize: Math.min(config.contextSize, model.trainContextSize),
        threads: threadsFor(config),
        sequences: 1,
      });
      ready = true;
      log.info(
        {
          path: config.path,
          contextSize: context.contextSize,
          threads: threadsFor(config),
          ms: Math.round(performance.now() - started),
        },
        'Built-in model loaded',
      );
      // node-llama-cpp matches the file's Jinja template to a known wrapper (ChatML, Qwen, Llama 3 …) or
      // runs the template itself; a LlamaChat left to do it resolves again at every request (~0.3–1 s).
      const chatWrapper = resolveChatWrapper(model);
      return { llama, model, context, sequence: context.getSequence(), chatWrapper };
    } catch (error) {
      await model.dispose();
      throw error;
    }
  };

  const get = (): Promise<LoadedModel> => {
    if (!loading) {
      loading = load();
      // A failed load is not kept: the next call tries again (the file may have been replaced).
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };

  const unload = async (): Promise<void> => {
    const current = loading;
    if (!current) return;
    loading = null;
    ready = false;
    const loaded = await current.catch(() => null);
    if (!loaded) return;
    await loaded.context.dispose();
    await loaded.model.dispose();
    log.info({ path: config.path }, 'Built-in model unloaded');
  };

  return {
    get,
    state: () => (!loading ? 'unloaded' : ready ? 'ready' : 'loading'),
    unload,
  };
};
