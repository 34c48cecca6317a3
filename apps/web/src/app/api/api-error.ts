/** An error answer of the API ({error, message}), with the whole body for calls that carry more. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: Record<string, unknown>;

  constructor(status: number, code: string, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export const TOKEN_ERROR_CODES: ReadonlySet<string> = new Set([
  'invalid_token',
  'token_expired',
  'token_revoked',
]);

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
