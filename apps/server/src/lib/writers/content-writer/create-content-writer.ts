import { createAiClient } from '../../clients/ai/ai-client';
import type { AiClient, AiConfig } from '../../clients/ai/types';
import type { WriterLog } from '../message-writer/types';
import { createLlmContentWriter, type RecordAiUsage } from './llm/llm-content-writer';
import { createOfflineContentWriter } from './offline/index';
import type { ContentWriter } from './types';

/**
 * The LLM content writer when an endpoint is configured (LLM_BASE_URL), falling back to the offline
 * writer on any failure; the offline writer alone otherwise. `ai` is the app's one AI client (compose-deps
 * shares it with the message writer); `recordUsage` keeps each call's tokens (ai_usage).
 */
export const createContentWriter = (
  llmConfig: AiConfig | null,
  log: WriterLog,
  options: { ai?: AiClient | null; recordUsage?: RecordAiUsage } = {},
): ContentWriter => {
  const offline = createOfflineContentWriter();
  const ai = options.ai ?? (llmConfig ? createAiClient(llmConfig) : null);
  if (!ai) return offline;
  return createLlmContentWriter(ai, {
    log,
    offline,
    ...(options.recordUsage ? { recordUsage: options.recordUsage } : {}),
  });
};
