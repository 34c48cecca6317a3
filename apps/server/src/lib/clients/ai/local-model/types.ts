import type { AiClient } from '../types';

/** Where the built-in model stands: no file yet, a file not loaded (or unloaded when idle), loading, loaded. */
export type LocalModelState = 'absent' | 'unloaded' | 'loading' | 'ready';

export type LocalModelStatus = {
  state: LocalModelState;
  /** The GGUF file it runs (config.localModel.path). */
  path: string;
  /** The file's size when present, else null. */
  sizeBytes: number | null;
  /** Generations waiting for the model (one runs at a time), not counting the one running. */
  waiting: number;
  /** Whether a generation is running now. */
  busy: boolean;
  /**
   * Why the file could not be loaded the last time it was tried (llama.cpp's words: a damaged file, too
   * little memory), until a load succeeds; null otherwise. About the file, never about a request's text.
   */
  loadError: string | null;
};

/**
 * The built-in model as the rest of the app sees it (AppDeps.localModel; null when LLM_BASE_URL names an
 * endpoint). `client` answers like any AiClient once the file is present; `refresh` re-reads whether the
 * file is there (the admin area calls it after a download, so the model serves without a restart).
 */
export type LocalModel = {
  client: AiClient;
  present: () => boolean;
  refresh: () => void;
  status: () => LocalModelStatus;
  /** Frees the loaded model and its threads (shutdown; also the idle unload). */
  unload: () => Promise<void>;
};
