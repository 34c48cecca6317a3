import { STAND_IN_USAGE } from './answers';
import type { RecordedRequest } from './types';

/** OpenAI's shapes on the wire: errors, completions and stream chunks. */

export const openAiError = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

export const completion = (model: string, content: string, id: number) => ({
  id: `chatcmpl-stand-in-${id}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content, refusal: null },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: STAND_IN_USAGE,
});

export const chunk = (
  model: string,
  id: number,
  delta: { role?: string; content?: string },
  finishReason: string | null,
) => ({
  id: `chatcmpl-stand-in-${id}`,
  object: 'chat.completion.chunk',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
});

/** Pieces of about 16 characters, as a model streams tokens. */
export const piecesOf = (text: string): string[] => text.match(/[\s\S]{1,16}/g) ?? [];

export const promptOf = (request: RecordedRequest | undefined): string =>
  request?.body.prompt ?? request?.body.messages?.map((message) => message.content).join('\n') ?? '';
