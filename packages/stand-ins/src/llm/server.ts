import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody, sendJson } from '../http';
import { contentAnswer, LONG_NOTE, STAND_IN_COMMENT, STAND_IN_MESSAGES, STAND_IN_USAGE } from './answers';
import { chatAnswer, type PlannedCall, STAND_IN_LONG_TAIL, standInChatTitle } from './chat';
import { standInPng } from './picture';
import type { LlmStandIn, RecordedRequest, StandInMode } from './types';
import { chunk, completion, openAiError, piecesOf, promptOf } from './wire';

/**
 * POST /v1/chat/completions as OpenAI answers it, plain or streamed (SSE chat.completion.chunk, a last
 * chunk with the usage when stream_options.include_usage asks for it, then [DONE]), checking the bearer
 * key and the model and recording every request.
 */
export const startLlmStandIn = async (
  options: { apiKey?: string; model?: string; slowMs?: number; port?: number; host?: string } = {},
): Promise<LlmStandIn> => {
  const apiKey = options.apiKey ?? 'test-key';
  const model = options.model ?? 'gpt-4o-mini';
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const queued: StandInMode[] = [];
  let mode: StandInMode = 'normal';
  let chunkDelayMs = 0;
  let onRequest: ((request: RecordedRequest) => Promise<void> | void) | null = null;

  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const stream = (
    response: ServerResponse,
    record: RecordedRequest,
    content: string,
    id: number,
    cut: 'error' | 'stall' | null,
    calls: PlannedCall[] = [],
    /** The pause between chunks for this answer (the set one by default). */
    delayMs?: number,
  ): void => {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const send = (data: unknown): void => {
      response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    };
    const pieces = piecesOf(content);
    const events: (() => void)[] = [
      () => send(chunk(model, id, { role: 'assistant', content: '' }, null)),
      ...pieces.map((piece) => () => send(chunk(model, id, { content: piece }, null))),
      // A tool call as OpenAI streams it: its id and name first, then its arguments' JSON in fragments.
      ...calls.flatMap((call, index) => {
        const args = piecesOf(JSON.stringify(call.arguments));
        return [
          () =>
            send(
              chunk(
                model,
                id,
                {
                  tool_calls: [
                    {
                      index,
                      id: `call_${id}_${index}`,
                      type: 'function',
                      function: { name: call.name, arguments: '' },
                    },
                  ],
                } as never,
                null,
              ),
            ),
          ...args.map(
            (piece) => () =>
              send(
                chunk(model, id, { tool_calls: [{ index, function: { arguments: piece } }] } as never, null),
              ),
          ),
        ];
      }),
    ];
    if (cut) {
      // Half the text, then the cut: at least one piece of text always goes out first.
      events.length = Math.max(2, Math.ceil(events.length / 2));
      // The cut comes once the text has reached the client (a destroy in the same tick would lose it).
      events.push(() => {
        if (cut === 'error') later(50, () => response.destroy());
      });
    } else {
      events.push(() => send(chunk(model, id, {}, calls.length > 0 ? 'tool_calls' : 'stop')));
      if (record.body.stream_options?.include_usage) {
        events.push(() => send({ ...chunk(model, id, {}, null), choices: [], usage: STAND_IN_USAGE }));
      }
      events.push(() => {
        send('[DONE]');
        response.end();
      });
    }
    const next = (index: number): void => {
      if (response.destroyed) return;
      events[index]?.();
      if (index + 1 < events.length) {
        const pause = delayMs ?? chunkDelayMs;
        if (pause > 0) later(pause, () => next(index + 1));
        else next(index + 1);
      }
    };
    next(0);
  };

  /**
   * For a test in another process (the web's journeys): GET /stand-in/requests lists what reached the
   * model (task, mode, the messages' text, clientClosed); DELETE /stand-in/requests forgets them;
   * POST /stand-in/mode {"mode", "queue", "chunkDelayMs"} sets how it answers.
   */
  const control = (request: IncomingMessage, response: ServerResponse, text: string): void => {
    if (request.url === '/stand-in/requests' && request.method === 'GET') {
      sendJson(
        response,
        200,
        requests.map((each) => ({
          task: each.task,
          mode: each.mode,
          stream: each.body.stream === true,
          prompt: promptOf(each),
          clientClosed: each.clientClosed,
        })),
      );
      return;
    }
    if (request.url === '/stand-in/requests' && request.method === 'DELETE') {
      requests.length = 0;
      sendJson(response, 200, { ok: true });
      return;
    }
    if (request.url === '/stand-in/mode' && request.method === 'POST') {
      let wanted: { mode?: StandInMode; queue?: StandInMode[]; chunkDelayMs?: number } = {};
      try {
        wanted = JSON.parse(text || '{}') as typeof wanted;
      } catch {
        sendJson(response, 400, { error: 'bad_json' });
        return;
      }
      if (wanted.mode) {
        mode = wanted.mode;
        queued.length = 0;
      }
      if (wanted.queue) queued.push(...wanted.queue);
      if (wanted.chunkDelayMs !== undefined) chunkDelayMs = wanted.chunkDelayMs;
      sendJson(response, 200, { mode, queued, chunkDelayMs });
      return;
    }
    sendJson(response, 404, { error: 'not_found' });
  };

  const server = createServer(async (request, response) => {
    const text = (await readBody(request)).toString('utf8');
    if (request.url?.startsWith('/stand-in/')) {
      control(request, response, text);
      return;
    }
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
    const system = body.messages?.find((message) => message.role === 'system')?.content ?? '';
    const task =
      request.url === '/v1/images/generations'
        ? 'image'
        : (/<task>([a-z_]+)<\/task>/.exec(system)?.[1] ?? null);
    const answeredIn = queued.shift() ?? mode;
    const record: RecordedRequest = {
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body,
      task,
      mode: answeredIn,
      clientClosed: false,
    };
    requests.push(record);
    response.on('close', () => {
      if (!response.writableFinished && answeredIn !== 'error-mid-stream') record.clientClosed = true;
    });
    if (request.method === 'POST' && request.url === '/v1/images/generations') {
      // OpenAI's images API: b64_json of a PNG; 'malformed' answers bytes that are no picture.
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return sendJson(
          response,
          401,
          openAiError('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
        );
      }
      if (answeredIn === 'error' || answeredIn === 'unavailable') {
        return sendJson(response, 500, openAiError('The server had an error', 'server_error', null));
      }
      const picture = answeredIn === 'malformed' ? Buffer.from('not a picture at all') : standInPng();
      const later200 = () =>
        sendJson(response, 200, {
          created: Math.floor(Date.now() / 1000),
          data: [{ b64_json: picture.toString('base64') }],
        });
      if (answeredIn === 'slow') return later(options.slowMs ?? 5000, later200);
      return later200();
    }
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
    if (onRequest) await onRequest(record);
    const json = body.response_format?.type === 'json_object';
    const prompt = body.messages?.map((message) => message.content).join('\n') ?? '';
    const id = requests.length;
    const offered = new Set((body.tools ?? []).map((tool) => tool.function.name));
    if (!task && /\bshort title\b/i.test(system)) {
      const question = body.messages?.find((message) => message.role === 'user')?.content ?? '';
      return sendJson(response, 200, completion(model, standInChatTitle(question), id));
    }
    if (offered.size > 0 && body.stream) {
      const turn = chatAnswer(body.messages ?? [], offered);
      // Modes that cut or stretch a stream apply to the written answer; the tool-calling turn is plain.
      if (turn.calls.length > 0 && body.tool_choice !== 'none') {
        return stream(response, record, '', id, null, turn.calls);
      }
      switch (answeredIn) {
        case 'error':
          return sendJson(response, 500, openAiError('The server had an error', 'server_error', null));
        case 'error-mid-stream':
          return stream(response, record, turn.text, id, 'error');
        case 'stall-mid-stream':
          return stream(response, record, turn.text, id, 'stall');
        case 'long-answer':
          // Many pieces with a pause between them (20 ms unless a delay is set): time to press Stop.
          return stream(
            response,
            record,
            `${turn.text}\n\n${STAND_IN_LONG_TAIL}`,
            id,
            null,
            [],
            chunkDelayMs || 20,
          );
        default:
          return stream(response, record, turn.text, id, null);
      }
    }
    const normal = task
      ? contentAnswer(
          task,
          prompt,
          answeredIn === 'short-sections' ? 'short' : answeredIn === 'long-sections' ? 'long' : 'as-asked',
          answeredIn === 'missing-parts' ? 'missing' : 'all',
        )
      : json
        ? JSON.stringify(STAND_IN_MESSAGES)
        : STAND_IN_COMMENT;
    const answer = (content: string, cut: 'error' | 'stall' | null = null): void => {
      if (body.stream) stream(response, record, content, id, cut);
      else sendJson(response, 200, completion(model, content, id));
    };
    switch (answeredIn) {
      case 'error':
        return sendJson(response, 500, openAiError('The server had an error', 'server_error', null));
      case 'unavailable':
        return sendJson(
          response,
          503,
          openAiError('The engine is currently overloaded', 'server_error', null),
        );
      case 'rate-limited':
        return sendJson(response, 429, openAiError('Rate limit reached', 'requests', 'rate_limit_exceeded'), {
          'retry-after': '0',
        });
      case 'malformed':
        return answer(json ? '{"connection_note": "Hi there, this JSON never ends' : '');
      case 'wrong-shape':
        return answer(json ? '{"unexpected": ["nothing", "that was asked for"]}' : normal);
      case 'empty':
        return answer('');
      case 'fenced':
        return answer(json ? `\`\`\`json\n${normal}\n\`\`\`` : normal);
      case 'long-note':
        return answer(
          task
            ? normal
            : json
              ? JSON.stringify({ ...STAND_IN_MESSAGES, connection_note: LONG_NOTE })
              : LONG_NOTE,
        );
      case 'error-mid-stream':
        return answer(normal, 'error');
      case 'stall-mid-stream':
        return answer(normal, 'stall');
      case 'long-answer':
        return answer(`${normal}\n\n${STAND_IN_LONG_TAIL}`);
      case 'slow':
        return later(options.slowMs ?? 5000, () => {
          if (!response.destroyed) answer(normal);
        });
      default:
        return answer(normal);
    }
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    requests,
    setMode: (next) => {
      mode = next;
      queued.length = 0;
    },
    queueModes: (...modes) => {
      queued.push(...modes);
    },
    setChunkDelay: (ms) => {
      chunkDelayMs = ms;
    },
    setOnRequest: (hook) => {
      onRequest = hook;
    },
    promptOf,
    close: () => closeServer(server, timers),
  };
};
