import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

/*
 * A local OpenAI-compatible server for tests (server integration tests now, the web's end-to-end
 * journeys later). It imports nothing but Node, so it also runs on its own with Node's type stripping:
 *   node apps/server/test/support/llm-stand-in.ts --port 4010 --key test-key --model gpt-4o-mini
 */

/**
 * How the stand-in answers:
 * - normal: the right answer for the request, streamed when it asks for a stream;
 * - slow: the same after `slowMs` (past the client's time limit);
 * - error: HTTP 500; unavailable: HTTP 503; rate-limited: HTTP 429 (with Retry-After: 0);
 * - malformed: content that is not JSON (or an empty text where text was asked);
 * - wrong-shape: valid JSON without the fields asked for; empty: an empty answer;
 * - long-note: a connection note far over LinkedIn's 300 characters;
 * - fenced: the JSON inside a Markdown code fence, as some local models answer;
 * - error-mid-stream: half of the stream, then the connection is cut;
 * - stall-mid-stream: half of the stream, then silence (the connection stays open);
 * - long-answer: a chat answer of many sentences, streamed piece by piece with a pause (for Stop).
 *
 * A request that carries `tools` is answered as a chat model would (see chatAnswer): it calls the tool a
 * recognisable question needs, then, given the tools' results, answers quoting their figures. A request
 * whose system message asks for a short title answers one (standInChatTitle).
 */
export type StandInMode =
  | 'normal'
  | 'slow'
  | 'error'
  | 'unavailable'
  | 'rate-limited'
  | 'malformed'
  | 'wrong-shape'
  | 'empty'
  | 'long-note'
  | 'fenced'
  | 'error-mid-stream'
  | 'stall-mid-stream'
  | 'long-answer';

export type RecordedRequest = {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: {
      role: string;
      content: string | null;
      tool_calls?: { id: string; function: { name: string; arguments: string } }[];
      tool_call_id?: string;
    }[];
    tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
    tool_choice?: unknown;
    response_format?: { type: string };
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    /** The images endpoint: the picture's description and size. */
    prompt?: string;
    size?: string;
  };
  /** The content step asked for (`<task>…</task>` in the system message), null for campaign messages. */
  task: string | null;
  /** The mode it was answered in. */
  mode: StandInMode;
  /** The client closed the connection before the answer was complete (an aborted request). */
  clientClosed: boolean;
};

export type LlmStandIn = {
  /** http://127.0.0.1:<port>; the API is under /v1. */
  url: string;
  requests: RecordedRequest[];
  setMode: (mode: StandInMode) => void;
  /** The next requests are answered in these modes, one each, before the set mode applies again. */
  queueModes: (...modes: StandInMode[]) => void;
  /** A pause between two chunks of a stream (0: all at once). */
  setChunkDelay: (ms: number) => void;
  /** Called with each chat completion request before it is answered (a test looks at the database then). */
  setOnRequest: (hook: ((request: RecordedRequest) => Promise<void> | void) | null) => void;
  /** All the text of a request's messages, to assert what reached the model. */
  promptOf: (request: RecordedRequest | undefined) => string;
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

/** Tokens every answer reports (fixed, so a test can add them up per call). */
export const STAND_IN_USAGE = { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 };

/** The plan of every blog post the stand-in writes. */
export const STAND_IN_OUTLINE = ['Why it matters', 'How to start', 'Mistakes to avoid', 'Next steps'];
export const STAND_IN_META =
  'A stand-in meta description: what the reader learns and why it helps them today.';

/** A section's body: the words every test can find, and the heading it was written for. */
export const standInSectionHtml = (heading: string): string =>
  `<p>The stand-in model wrote this section, "${heading}", in two short paragraphs.</p><ul><li>One concrete step.</li><li>Another concrete step.</li></ul><p>That is all for this section.</p>`;
export const standInRewriteHtml = (heading: string): string =>
  `<p>The stand-in model rewrote "${heading}" as asked.</p>`;
export const standInTopicTitle = (index: number): string => `Stand-in topic ${index}: a practical guide`;
export const standInLinkedinPost = (index: number): string =>
  `Stand-in hook ${index}: most teams get this wrong.\n\nHere is what the stand-in model would do instead.\n\nOne line at a time, with room to breathe.\n\nWhat would you add?\n\n#StandIn #Marketing${index}`;

/** A social post of the stand-in: no figures, so a picture's figure can only be invented. */
/**
 * The search ad the stand-in writes: as a careless model would, with a headline over 30 characters, a
 * shouted word and "!", a duplicate in other letter case, a description over 90 and paths with spaces
 * and slashes, so tests see the writer fit every field to Google's rules.
 */
export const STAND_IN_SEARCH_AD = {
  headlines: [
    'Stand-in Headline One',
    'Stand-in headline that runs far past the limit',
    'Try The Stand-in FREE!',
    'stand-in headline one.',
    'Stand-in Headline Two',
    'Stand-in Headline Three',
    'Stand-in Headline Four',
  ],
  descriptions: [
    'The stand-in model wrote this first description. It goes on and on well beyond the ninety characters Google allows.',
    'A second stand-in description!! Really!',
    'A third stand-in description.',
  ],
  path1: 'stand in/ads',
  path2: 'the-second-path-is-long',
};

/** A regenerated field's candidates: the first repeats the ad's first text of that kind, so the writer skips it. */
export const standInAdCandidates = (field: string): string[] =>
  field === 'path'
    ? ['stand-in-ads', 'fresh-path', 'other-path']
    : field === 'description'
      ? ['The stand-in model wrote this first description.', 'A fresh stand-in description.', 'Another one.']
      : ['Stand-in Headline One', 'A Fresh Stand-in Headline', 'Another Stand-in Headline'];

export const standInSocialPost = (network: string): string =>
  `Stand-in ${network} post: the stand-in model wrote this for ${network}.\n\nOne clear idea, then a question for you.\n\n#StandIn #Social`;
/** The Selection step's answer: its stat is in no stand-in post, so the writer must drop it. */
export const STAND_IN_SELECTION = {
  headline: 'Stand-in headline from the post',
  points: ['The first point the stand-in picked', 'The second point the stand-in picked'],
  stat: '73%',
};
export const STAND_IN_IMAGE_DESCRIPTION = 'A stand-in picture: a calm desk by a window, in soft blue tones.';

/** A solid square PNG (8-bit RGB), made with Node alone: the images endpoint's picture. */
export const standInPng = (size = 64, rgb: [number, number, number] = [37, 99, 235]): Buffer => {
  const chunkOf = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).fill(Buffer.from(rgb))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunkOf('IHDR', header),
    chunkOf('IDAT', deflateSync(pixels)),
    chunkOf('IEND', Buffer.alloc(0)),
  ]);
};

const sendJson = (response: ServerResponse, status: number, body: unknown, headers = {}): void => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
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
  usage: STAND_IN_USAGE,
});

const chunk = (
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

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const piece of request) chunks.push(piece as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A <data name="…"> block of the content writer's user message, read back as JSON. */
const dataOf = (prompt: string, name: string): Record<string, unknown> => {
  const match = new RegExp(`<data name="${name}">\\n([\\s\\S]*?)\\n</data>`).exec(prompt);
  try {
    return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const numberIn = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** The normal answer of a content step, as the LLM content writer asks for it. */
const contentAnswer = (task: string, prompt: string): string => {
  const request = dataOf(prompt, 'request');
  switch (task) {
    case 'blog_topics': {
      const count = numberIn(request.count, 3);
      return JSON.stringify({
        topics: Array.from({ length: count }, (_, i) => ({
          title: standInTopicTitle(i + 1),
          angle: `The angle of stand-in topic ${i + 1}.`,
          keywords: ['stand-in', `keyword ${i + 1}`],
        })),
      });
    }
    case 'blog_plan': {
      const topic = typeof request.topic === 'string' ? request.topic : 'a topic';
      const keywords = Array.isArray(request.keywords) ? request.keywords : [];
      return JSON.stringify({
        title: `Stand-in post: ${topic}`,
        slug: 'stand-in-post',
        metaDescription: STAND_IN_META,
        outline: STAND_IN_OUTLINE,
        keywordsUsed: keywords.length > 0 ? keywords : ['stand-in'],
      });
    }
    case 'blog_section': {
      const heading = dataOf(prompt, 'section').heading;
      return standInSectionHtml(typeof heading === 'string' ? heading : 'a section');
    }
    case 'blog_rewrite': {
      const heading = dataOf(prompt, 'section').heading;
      return standInRewriteHtml(typeof heading === 'string' ? heading : 'a section');
    }
    case 'linkedin_posts': {
      const variants = numberIn(request.variants, 1);
      return Array.from({ length: variants }, (_, i) => standInLinkedinPost(i + 1)).join('\n---\n');
    }
    case 'social_posts': {
      const networks = Array.isArray(request.networks) ? request.networks.map(String) : ['linkedin'];
      return JSON.stringify({
        posts: networks.map((network) => ({ network, text: standInSocialPost(network) })),
      });
    }
    case 'social_selection':
      return JSON.stringify(STAND_IN_SELECTION);
    case 'social_image':
      return STAND_IN_IMAGE_DESCRIPTION;
    case 'keyword_ideas': {
      // Labels the app's word cues overrule ("pricing" is transactional whatever the model says), and no numbers.
      const seeds = Array.isArray(request.seed_terms) ? request.seed_terms.map(String) : [];
      const subject = seeds[0] ?? 'stand-in subject';
      return JSON.stringify({
        keywords: [
          { keyword: `${subject} pricing`, intent: 'informational', theme: subject },
          { keyword: `what is ${subject}`, intent: 'informational', theme: subject },
          { keyword: `stand-in keyword idea`, intent: 'commercial', theme: 'Stand-in theme' },
          { keyword: `stand-in planning checklist`, intent: 'Navigational', theme: 'Stand-in theme' },
        ],
      });
    }
    case 'search_ad':
      return JSON.stringify(STAND_IN_SEARCH_AD);
    case 'search_ad_field': {
      const replace = dataOf(prompt, 'replace');
      const field = typeof replace.field === 'string' ? replace.field : 'headline';
      return JSON.stringify({ candidates: standInAdCandidates(field) });
    }
    default:
      return '';
  }
};

/** The short title the stand-in writes for a chat: the first question's first words. */
export const standInChatTitle = (question: string): string =>
  `About ${question
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .join(' ')}`;

/** What the stand-in's chat answer starts with once it has read the tools' results. */
export const STAND_IN_CHAT_LEAD = 'Here is what your data says:';
/** Its answer to a question that needs no tool. */
export const STAND_IN_CHAT_PLAIN =
  'The stand-in model can look up your campaigns, your lead lists and your brand profile: ask about one of them.';
/** The sentences of long-answer mode, after the normal answer. */
export const STAND_IN_LONG_TAIL = Array.from(
  { length: 120 },
  (_, i) => `Long answer sentence ${i + 1} goes on so there is time to press Stop.`,
).join(' ');

type ChatMessage = NonNullable<RecordedRequest['body']['messages']>[number];
type PlannedCall = { name: string; arguments: Record<string, unknown> };

/** A name the user quoted ("…", “…”, '…'), if any. */
const quotedName = (text: string): string | null =>
  /["“'‘]([^"”'’]{1,120})["”'’]/.exec(text)?.[1]?.trim() ?? null;

/**
 * The tool a recognisable question needs, among the tools offered: "how many leads in list X" → the
 * lists tool with X; a question naming a campaign ("how is my Q4 push campaign doing", "campaign “Q4”")
 * → the campaigns tool with that name; "campaigns" alone → the recent ones; brand/company → the profile.
 */
const plannedCall = (question: string, offered: Set<string>): PlannedCall | null => {
  const listName =
    /leads?\b.*?\blist\s+(?:named\s+|called\s+)?["“']?([^"”'?]+?)["”']?\s*\??$/i.exec(question)?.[1] ??
    /\blist\s+["“']([^"”']+)["”']/i.exec(question)?.[1];
  if (offered.has('get_lead_lists') && /\blists?\b/i.test(question)) {
    return { name: 'get_lead_lists', arguments: listName ? { name: listName.trim() } : {} };
  }
  if (offered.has('get_campaigns') && /\bcampaigns?\b/i.test(question)) {
    const name =
      quotedName(question) ??
      /\bmy\s+(.+?)\s+campaign\b/i.exec(question)?.[1] ??
      /\bcampaign\s+(?:named\s+|called\s+)?([^?]+?)\s*(?:doing|going|performing)?\s*\??$/i.exec(
        question,
      )?.[1];
    return { name: 'get_campaigns', arguments: name ? { name: name.trim() } : {} };
  }
  if (offered.has('get_brand_profile') && /\b(brand|company|business|offer|audience)\b/i.test(question)) {
    return { name: 'get_brand_profile', arguments: {} };
  }
  return null;
};

/** Every number and short text of a tool's result as "path: value" lines, so the answer quotes real figures. */
const figuresOf = (value: unknown, path = ''): string[] => {
  if (value === null || value === undefined) return [];
  if (typeof value === 'number' || typeof value === 'boolean') return [`${path}: ${value}`];
  if (typeof value === 'string') return value.length <= 120 ? [`${path}: ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => figuresOf(item, `${path}[${i}]`));
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
      figuresOf(item, path ? `${path}.${key}` : key),
    );
  }
  return [];
};

/**
 * The stand-in's chat turn: tool calls for the last question when it has not looked yet, or the answer
 * quoting every figure of the results it was given (the `tool` messages after the last user message).
 */
const chatAnswer = (
  messages: ChatMessage[],
  offered: Set<string>,
): { calls: PlannedCall[]; text: string } => {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const question = messages[lastUser]?.content ?? '';
  const results = messages.slice(lastUser + 1).filter((m) => m.role === 'tool');
  if (results.length === 0) {
    const call = plannedCall(question, offered);
    if (call) return { calls: [call], text: '' };
    return { calls: [], text: STAND_IN_CHAT_PLAIN };
  }
  const lines = results.flatMap((result) => {
    try {
      return figuresOf(JSON.parse(result.content ?? ''));
    } catch {
      return [String(result.content)];
    }
  });
  return { calls: [], text: `${STAND_IN_CHAT_LEAD}\n\n${lines.map((line) => `- ${line}`).join('\n')}` };
};

/** Pieces of about 16 characters, as a model streams tokens. */
const piecesOf = (text: string): string[] => text.match(/[\s\S]{1,16}/g) ?? [];

const promptOf = (request: RecordedRequest | undefined): string =>
  request?.body.prompt ?? request?.body.messages?.map((message) => message.content).join('\n') ?? '';

const parseArgs = (argv: string[]): Record<string, string> => {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const name = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (name && value !== undefined) args[name] = value;
    i += 1;
  }
  return args;
};

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
    const text = await readBody(request);
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
      ? contentAnswer(task, prompt)
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
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
};

// Started on its own (e2e, trying the app by hand): listens until stopped.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2));
  const standIn = await startLlmStandIn({
    port: Number(args.port ?? process.env.PORT ?? 4010),
    ...(args.key ? { apiKey: args.key } : {}),
    ...(args.model ? { model: args.model } : {}),
  });
  if (args.mode) standIn.setMode(args.mode as StandInMode);
  if (args['chunk-delay']) standIn.setChunkDelay(Number(args['chunk-delay']));
  console.log(`LLM stand-in listening at ${standIn.url}/v1`);
  const stop = (): void => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
