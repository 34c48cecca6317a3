import { createAiClient } from '../../clients/ai/ai-client';
import type { AiClient, AiConfig } from '../../clients/ai/types';
import { createLlmWriter } from './llm-writer';
import { createOfflineWriter } from './offline-writer';
import type { MessageWriter, WriterLog } from './types';

/**
 * The LLM writer when an endpoint is configured (LLM_BASE_URL), else the offline writer. `ai` is the
 * app's one AI client (compose-deps shares it with the content writer); without it one is built here.
 */
export const createMessageWriter = (
  llmConfig: AiConfig | null,
  log: WriterLog,
  ai: AiClient | null = llmConfig ? createAiClient(llmConfig) : null,
): MessageWriter => (ai ? createLlmWriter(ai, log) : createOfflineWriter());
