import type { TErrorCode } from '@sales-assist/contract';

// The refusals a use case throws, shaped as the answer the client reads. They live in `lib/` so a library
// piece (the throttle, the captcha, picture processing, Stripe calls) can refuse without importing `http/`;
// `http/errors.ts` answers them and re-exports them for the features.

/** An answer the client is meant to read: status, machine code, human message, optional extra fields. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found'): AppError => new AppError(404, 'not_found', what);
export const forbidden = (message = 'You are not allowed to do this'): AppError =>
  new AppError(403, 'forbidden', message);
export const conflict = (message: string): AppError => new AppError(409, 'conflict', message);
export const tooManyRequests = (retryAfterSeconds: number): AppError =>
  new AppError(
    429,
    'rate_limited',
    `Too many attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
    {},
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
