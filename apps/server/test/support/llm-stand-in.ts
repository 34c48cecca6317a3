import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the stand-in answers: normal (a chat.completion), slow (answers after `slowMs`, past the
 * client's time limit), error (HTTP 500), malformed (content that is not JSON), long-note (a
 * connection note far over LinkedIn's 300 characters), fenced (the JSON inside a Markdown code fence,
 * as some local models answer).
 */
export type StandInMode = 'normal' | 'slow' | 'error' | 'malformed' | 'long-note' | 'fenced';

export type RecordedRequest = {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string };
  };
};

export type LlmStandIn = {
  /** http://127.0.0.1:<port>; the API is under /v1. */
  url: string;
  requests: RecordedRequest[];
  setMode: (mode: StandInMode) => void;
  close: () => Promise<void>;
};

/** The note of long-note mode: 40 sentences of about 10 words. */
export const LONG_NOTE = Array.from(
  { length: 40 },
  (_, i) => `Sentence number ${i + 1} keeps going on about how much we admire your work.`,
).join(' ');

export const STAND_IN_MESSAGES = {
  connection_note: 'Hi from the stand-in model, loved your profile. Open to connecting? Sam',
  follow_up_1: 'Thanks for connecting! This is the stand-in model writing your first follow-up. Sam',
  follow_up_2: 'Just a nudge from the stand-in model, in case my last message got buried. Sam',
};
export const STAND_IN_COMMENT = 'Great point, thanks for sharing it (stand-in model).';

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const openAiError = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

const completion = (model: string, content: string, id: number) => ({
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
  usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
});

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A local OpenAI-compatible server for tests: POST /v1/chat/completions as OpenAI answers it, checking
 * the bearer key and the model and recording every request.
 */
export const startLlmStandIn = async (
  options: { apiKey?: string; model?: string; slowMs?: number } = {},
): Promise<LlmStandIn> => {
  const apiKey = options.apiKey ?? 'test-key';
  const model = options.model ?? 'gpt-4o-mini';
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let mode: StandInMode = 'normal';

  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    let body: RecordedRequest['body'] = {};
    try {
      body = JSON.parse(text) as RecordedRequest['body'];
    } catch {
      return sendJson(
        response,
        400,
        openAiError('We could not parse the JSON body', 'invalid_request_error', null),
      );
    }
    requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      return sendJson(
        response,
        404,
        openAiError('Unknown request URL', 'invalid_request_error', 'unknown_url'),
      );
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendJson(
        response,
        401,
        openAiError('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
      );
    }
    if (body.model !== model) {
      return sendJson(
        response,
        404,
        openAiError(`The model \`${body.model}\` does not exist`, 'invalid_request_error', 'model_not_found'),
      );
    }
    const json = body.response_format?.type === 'json_object';
    const answer = (content: string) => sendJson(response, 200, completion(model, content, requests.length));
    switch (mode) {
      case 'error':
        return sendJson(response, 500, openAiError('The server had an error', 'server_error', null));
      case 'malformed':
        return answer(json ? '{"connection_note": "Hi there, this JSON never ends' : '');
      case 'fenced':
        return answer(json ? `\`\`\`json\n${JSON.stringify(STAND_IN_MESSAGES)}\n\`\`\`` : STAND_IN_COMMENT);
      case 'long-note':
        return answer(
          json ? JSON.stringify({ ...STAND_IN_MESSAGES, connection_note: LONG_NOTE }) : LONG_NOTE,
        );
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) answer(json ? JSON.stringify(STAND_IN_MESSAGES) : STAND_IN_COMMENT);
        }, options.slowMs ?? 5000);
        timers.add(timer);
        return;
      }
      default:
        return answer(json ? JSON.stringify(STAND_IN_MESSAGES) : STAND_IN_COMMENT);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
};
