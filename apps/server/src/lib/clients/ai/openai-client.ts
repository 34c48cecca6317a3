import type OpenAI from 'openai';
import { loadOnce } from '../../core/load-once';
import type { AiConfig } from './types';

type OpenAiSdk = typeof import('openai');

/** The SDK once it has loaded: an error can only be one of its classes after that (ai-errors.ts). */
let loaded: OpenAiSdk | null = null;
export const loadedOpenAiSdk = (): OpenAiSdk | null => loaded;

/** Loaded at the first model call, never in an install without a model (lib/core/load-once.ts). */
const loadOpenAiSdk = loadOnce(async () => {
  loaded = await import('openai');
  return loaded;
});

/**
 * The SDK's client for the configured endpoint (OpenAI, Ollama, vLLM, llama.cpp). It neither retries nor
 * times out on its own: call-limits.ts and with-retry.ts do both, so a stream is never retried once it
 * has sent text, and every limit is reported the same way. Its own timeout is only a backstop. Made at the
 * first call (the SDK loaded with it) and shared by every call after.
 */
export const createOpenAiClient = (config: AiConfig, backstopMs: number): (() => Promise<OpenAI>) =>
  loadOnce(async () => {
    const sdk = await loadOpenAiSdk();
    return new sdk.default({
      baseURL: config.baseUrl,
      apiKey: config.apiKey,
      timeout: backstopMs,
      maxRetries: 0,
      // Everything comes from env.ts: the SDK must not pick up OPENAI_* variables of the machine.
      organization: null,
      project: null,
      webhookSecret: null,
      adminAPIKey: null,
      logLevel: 'off',
    });
  });
