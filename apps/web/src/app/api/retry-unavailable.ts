/** Tries of a read in all, the first one included, while the server answers 503 with Retry-After. */
export const QUIET_TRIES = 3;
/** A Retry-After longer than this is not waited for quietly: the person is told at once. */
const LONGEST_QUIET_WAIT_MS = 30_000;

/** How long the server asks the client to wait (503 with Retry-After in seconds), or null: not to retry. */
const retryAfterMs = (response: Response): number | null => {
  if (response.status !== 503) return null;
  const header = response.headers.get('retry-after');
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  const ms = seconds * 1000;
  return ms <= LONGEST_QUIET_WAIT_MS ? ms : null;
};

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A read the server could not answer for a moment (503 with Retry-After: its database reconnects) is
 * asked again after the server's delay, up to QUIET_TRIES in all, before anything is shown. Only GET:
 * it changes nothing, so asking twice is harmless; a write is never sent again behind the person's back.
 */
export const retryWhileUnavailable = async (
  method: string,
  first: Response,
  again: () => Promise<Response>,
): Promise<Response> => {
  let response = first;
  for (let tries = 1; method === 'GET' && tries < QUIET_TRIES; tries++) {
    const delay = retryAfterMs(response);
    if (delay === null) break;
    await wait(delay);
    response = await again();
  }
  return response;
};
