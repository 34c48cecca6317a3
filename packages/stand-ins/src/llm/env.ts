import type { LlmStandIn } from './types';

/**
 * The server's model settings pointed at the stand-in with `apiKey`: timeouts short enough for a test that waits
 * on a silent model, long enough for a streamed answer.
 */
export const standInLlmEnv = (standIn: LlmStandIn, apiKey: string) => ({
  LLM_BASE_URL: `${standIn.url}/v1`,
  LLM_API_KEY: apiKey,
  LLM_TIMEOUT_MS: '2000',
  LLM_IDLE_TIMEOUT_MS: '1000',
  LLM_STREAM_TIMEOUT_MS: '10000',
});
