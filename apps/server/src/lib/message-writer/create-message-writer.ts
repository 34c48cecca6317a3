import type { AiConfig } from '../ai/types';
import { createLlmWriter } from './llm-writer';
import { createOfflineWriter } from './offline-writer';
import type { MessageWriter, WriterLog } from './types';

/** The LLM writer when an endpoint is configured (LLM_BASE_URL), else the offline writer. */
export const createMessageWriter = (llmConfig: AiConfig | null, log: WriterLog): MessageWriter =>
  llmConfig ? createLlmWriter(llmConfig, log) : createOfflineWriter();
