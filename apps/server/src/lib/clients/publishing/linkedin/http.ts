import { type LinkedInCall, linkedInNoAnswer, linkedInRefusal } from './errors';

export type LinkedInAnswer = { status: number; headers: Headers; text: string };

/**
 * One HTTP call to LinkedIn with a time-out; any answer that is not 2xx (or one of `accept`) and any
 * failure to get an answer becomes a PublishError. Tokens travel only in headers and form bodies,
 * never in a message.
 */
export const linkedInFetch = async (
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> },
  call: LinkedInCall & { timeoutMs: number; accept?: number[] },
): Promise<LinkedInAnswer> => {
  const signal = AbortSignal.timeout(call.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal,
      redirect: 'manual',
    });
    text = await response.text();
  } catch (cause) {
    throw linkedInNoAnswer(cause, call, signal.aborted);
  }
  if ((response.status >= 200 && response.status < 300) || call.accept?.includes(response.status))
    return { status: response.status, headers: response.headers, text };
  throw linkedInRefusal(response.status, text, response.headers, call);
};

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
