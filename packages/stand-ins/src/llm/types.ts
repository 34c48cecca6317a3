/*
 * A local OpenAI-compatible server for tests: the server's integration tests, the web's end-to-end
 * journeys and the benches start it in process (startLlmStandIn); a person trying the app starts it on
 * its own (cli.ts). It imports nothing but Node.
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
 * - long-answer: a chat answer of many sentences, streamed piece by piece with a pause (for Stop);
 * - short-sections / long-sections: blog sections of a few words whatever length is asked, or three times
 *   the length asked (a model that ignores lengths); in normal mode a section has about the words asked;
 * - missing-parts: LinkedIn posts fewer than asked (one), without their hashtags.
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
  | 'long-answer'
  | 'short-sections'
  | 'long-sections'
  | 'missing-parts';

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
