import { type TErrorCode, ZErrorCode } from '@sales-assist/contract';

/**
 * A failed call's code: one of the API's (packages/contract/src/error-codes.ts); `http_<status>` for an answer
 * that carries none (a proxy's page, an empty body, a code this build does not know); or the app's own for a
 * call that got no usable answer.
 */
export type TApiErrorCode = TErrorCode | `http_${number}` | 'network_error' | 'invalid_response';

/** The code an error answer's body carries, if it is one the API sends. */
const errorCodeOf = (body: Record<string, unknown>, status: number): TApiErrorCode => {
  const known = ZErrorCode.safeParse(body.error);
  return known.success ? known.data : `http_${status}`;
};

/** An error answer of the API ({error, message}), with the whole body for calls that carry more. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: TApiErrorCode;
  readonly body: Record<string, unknown>;

  constructor(status: number, code: TApiErrorCode, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export const TOKEN_ERROR_CODES: ReadonlySet<TApiErrorCode> = new Set<TApiErrorCode>([
  'invalid_token',
  'token_expired',
  'token_revoked',
]);

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The ApiError of a refused call, read from its JSON body when it has one. */
export const apiErrorOf = async (
  response: Response,
  fallbackMessage = 'Something went wrong!',
): Promise<ApiError> => {
  const parsed: unknown = await response.json().catch(() => undefined);
  // Not JSON (a proxy page, an empty body): the status alone.
  const body = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return new ApiError(
    response.status,
    errorCodeOf(body, response.status),
    typeof body.message === 'string' ? body.message : fallbackMessage,
    body,
  );
};
