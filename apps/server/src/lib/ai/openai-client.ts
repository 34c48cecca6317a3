import OpenAI from 'openai';
import type { AiConfig } from './types';

/**
 * The SDK's client for the configured endpoint (OpenAI, Ollama, vLLM, llama.cpp). It neither retries nor
 * times out on its own: call-limits.ts and with-retry.ts do both, so a stream is never retried once it
 * has sent text, and every limit is reported the same way. Its own timeout is only a backstop.
 */
export const createOpenAiClient = (config: AiConfig, backstopMs: number): OpenAI =>
  new OpenAI({
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
