import { EMAIL_STATUSES, type TEmailStatus } from '@sales-assist/contract';
import { z } from 'zod';
import { type EmailFinder, EmailFinderError, type EmailLookup, type FoundEmail } from './types';

/**
 * Hunter's API v2 (https://hunter.io/api-documentation/v2): the Email Finder
 * (`GET /v2/email-finder?domain=|company=&first_name=&last_name=`) finds the most likely address and its
 * confidence score, then the Email Verifier (`GET /v2/email-verifier?email=`) says whether it delivers.
 * Plain fetch and zod, like the other clients: Hunter publishes no SDK of its own.
 */
export type HunterConfig = { apiKey: string; baseUrl: string; timeoutMs: number };

const ZFinderAnswer = z
  .object({
    data: z
      .object({
        email: z.string().nullable().optional(),
        score: z.number().nullable().optional(),
        accept_all: z.boolean().nullable().optional(),
        verification: z.object({ status: z.string().nullable().optional() }).loose().nullable().optional(),
      })
      .loose(),
  })
  .loose();

const ZVerifierAnswer = z
  .object({
    data: z
      .object({ status: z.string().nullable().optional(), score: z.number().nullable().optional() })
      .loose(),
  })
  .loose();

const ZHunterErrors = z
  .object({
    errors: z.array(z.object({ id: z.string().optional(), details: z.string().optional() }).loose()),
  })
  .loose();

/** One more try after a 429 or a 5xx (both calls only read, so asking again is safe). */
const RETRY_LIMIT = 1;
const RETRY_DELAY_MS = 500;
/** A Retry-After longer than this is not waited for: the person is waiting on the screen. */
const MAX_RETRY_DELAY_MS = 2_000;

const statusOf = (text: string | null | undefined): TEmailStatus =>
  (EMAIL_STATUSES as readonly string[]).includes(text ?? '') ? (text as TEmailStatus) : 'unknown';

const pause = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

const failureOf = async (response: Response): Promise<EmailFinderError> => {
  const body: unknown = await response.json().catch(() => null);
  const parsed = ZHunterErrors.safeParse(body);
  const first = parsed.success ? parsed.data.errors[0] : undefined;
  const id = first?.id ?? null;
  const said = (first?.details ?? '').replace(/\s+/g, ' ').slice(0, 240);
  const status = response.status;
  if (status === 401)
    return new EmailFinderError(
      'auth_failed',
      'Hunter did not accept the API key: check HUNTER_API_KEY.',
      id,
    );
  if (status === 429 || (status === 403 && id === 'too_many_requests'))
    return new EmailFinderError(
      'rate_limited',
      'Hunter is limiting requests right now (its rate limit or the plan’s monthly requests): try again later.',
      id,
    );
  if (status === 451)
    return new EmailFinderError('left_out', 'This person asked Hunter to stop processing their data.', id);
  if (status >= 500)
    return new EmailFinderError(
      'unavailable',
      `Hunter is unavailable right now (HTTP ${status}): try again later.`,
      id,
    );
  return new EmailFinderError('bad_request', `Hunter refused the request${said ? `: ${said}` : ''}.`, id);
};

export const createHunterEmailFinder = (config: HunterConfig): EmailFinder => {
  const get = async (
    path: string,
    params: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<unknown> => {
    const url = new URL(`${config.baseUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        // The key goes in a header, not the query string, so no address of a call holds it (logs, errors).
        response = await fetch(url, {
          headers: { 'x-api-key': config.apiKey, accept: 'application/json' },
          signal: AbortSignal.any([AbortSignal.timeout(config.timeoutMs), ...(signal ? [signal] : [])]),
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        if (attempt < RETRY_LIMIT && !timedOut) {
          await pause(RETRY_DELAY_MS, signal);
          continue;
        }
        throw new EmailFinderError(
          timedOut ? 'timeout' : 'unavailable',
          timedOut
            ? 'Hunter did not answer in time: try again later.'
            : 'Hunter could not be reached: try again later.',
        );
      }
      if (response.status === 200) {
        return response.json().catch(() => {
          throw new EmailFinderError('bad_answer', 'Hunter answered something that is not JSON.');
        });
      }
      // 202: the verification is still running; 222: the mail server gave no usable answer. Either way
      // the address is not verified, which the caller records as unknown.
      if (response.status === 202 || response.status === 222) {
        await response.body?.cancel();
        return null;
      }
      const failure = await failureOf(response);
      const transient = failure.kind === 'rate_limited' || failure.kind === 'unavailable';
      if (attempt < RETRY_LIMIT && transient) {
        const retryAfter = Number(response.headers.get('retry-after'));
        const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : RETRY_DELAY_MS;
        await pause(Math.min(wait, MAX_RETRY_DELAY_MS), signal);
        continue;
      }
      throw failure;
    }
  };

  const verify = async (email: string, signal?: AbortSignal): Promise<TEmailStatus> => {
    const body = await get('/v2/email-verifier', { email }, signal);
    if (body === null) return 'unknown';
    const parsed = ZVerifierAnswer.safeParse(body);
    if (!parsed.success)
      throw new EmailFinderError('bad_answer', 'Hunter’s verifier answered in an unknown shape.');
    return statusOf(parsed.data.data.status);
  };

  return {
    provider: 'hunter',
    find: async (lookup: EmailLookup): Promise<FoundEmail> => {
      const where: Record<string, string> = lookup.domain
        ? { domain: lookup.domain }
        : lookup.company
          ? { company: lookup.company }
          : {};
      const body = await get(
        '/v2/email-finder',
        { ...where, first_name: lookup.firstName, last_name: lookup.lastName },
        lookup.signal,
      );
      const parsed = ZFinderAnswer.safeParse(body);
      if (!parsed.success)
        throw new EmailFinderError('bad_answer', 'Hunter’s finder answered in an unknown shape.');
      const { email, score } = parsed.data.data;
      if (!email) return { email: null, score: null, status: null };
      const confidence = typeof score === 'number' ? Math.max(0, Math.min(100, Math.round(score))) : null;
      return { email, score: confidence, status: await verify(email, lookup.signal) };
    },
  };
};
