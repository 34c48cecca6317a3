import { type LlmStandIn, standInLlmEnv, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { startOwnServer } from './own-server';

export type TServerWithModel = {
  standIn: LlmStandIn;
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
};

/**
 * The shared journeys' server runs without an AI endpoint (their offline writers are part of what they
 * check). A journey about the model's own behaviour (a chat answer that calls tools, a long answer to
 * stop) gets a server of its own (support/own-server.ts), with LLM_BASE_URL pointed at the local
 * OpenAI-compatible stand-in, which the journey steers (setMode / queueModes).
 */
export const startServerWithModel = async (): Promise<TServerWithModel> => {
  const apiKey = 'e2e-model-key';
  const standIn = await startLlmStandIn({ apiKey });
  try {
    const server = await startOwnServer('model', standInLlmEnv(standIn, apiKey));
    return {
      standIn,
      baseUrl: server.baseUrl,
      dataDir: server.dataDir,
      stop: async () => {
        await server.stop();
        await standIn.close();
      },
    };
  } catch (error) {
    await standIn.close();
    throw error;
  }
};
