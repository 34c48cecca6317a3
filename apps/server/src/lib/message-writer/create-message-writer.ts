import type { Config } from '../../env';
import { createLlmWriter } from './llm-writer';
import { createOfflineWriter } from './offline-writer';
import type { MessageWriter, WriterLog } from './types';

/** The LLM writer when an endpoint is configured (LLM_BASE_URL), else the offline writer. */
export const createMessageWriter = (llmConfig: Config['llm'], log: WriterLog): MessageWriter =>
  llmConfig ? createLlmWriter(llmConfig, log) : createOfflineWriter();
