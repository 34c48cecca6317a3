import type { z } from 'zod';
import { planLimitDetailOf, premiumPopup } from '../dialogs/premium-popup-store';
import { clearLocalState } from '../session/clear-local-state';
import { sessionStore } from '../session/session-store';
import { ApiError, apiErrorOf, TOKEN_ERROR_CODES } from './api-error';
import { API_BASE, baseHeaders } from './headers';
import { refreshTokens } from './refresh-tokens';
import { retryWhileUnavailable } from './retry-unavailable';
import { toast } from './toast';

type TQuery = Record<string, string | number | boolean | undefined>;

export type TRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: TQuery;
  schema: z.ZodType<T>;
  /** Set false where the caller shows the failure itself. */
  toastErrors?: boolean;
};

const urlOf = (path: string, query: TQuery | undefined): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
};

const send = (url: string, method: string, body: unknown): Promise<Response> => {
  const headers: Record<string, string> = baseHeaders();
  const accessToken = sessionStore.get()?.accessToken;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  // A FormData body (file uploads) sets its own multipart Content-Type with the boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  return fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
};

const endSession = (): void => {
  if (!sessionStore.get()) return;
  clearLocalState();
  toast('info', 'Your session has ended. Please sign in again.', 'session_ended');
};

/** Spec §8: show the message, raise the pop-ups that belong to the code, then throw. */
const fail = (error: ApiError, toastErrors: boolean): never => {
  if (TOKEN_ERROR_CODES.has(error.code)) {
    endSession();
    throw error;
  }
  if (error.status === 402) premiumPopup.open(planLimitDetailOf(error.body));
  if (error.status === 403 && error.code === 'inactive') sessionStore.update({ isActive: false });
  if (toastErrors) toast('error', error.message);
  throw error;
};

const parse = async <T>(response: Response, schema: z.ZodType<T>): Promise<T> => {
  const text = await response.text();
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : undefined;
  } catch {
    value = text;
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError(response.status, 'invalid_response', 'The server gave an unexpected answer.');
  }
  return result.data;
};

/**
 * The one way the app talks to the API (spec §4, §7, §8). A 401 with a token code refreshes the
 * session once (shared by concurrent callers) and retries the call; a failed refresh logs out. A read
 * the server answers 503 with Retry-After (its database reconnecting) is asked again quietly first.
 */
export const api = async <T>(path: string, options: TRequestOptions<T>): Promise<T> => {
  const { method = 'GET', body, query, schema, toastErrors = true } = options;
  const url = urlOf(path, query);
  let response: Response;
  try {
    response = await send(url, method, body);
    if (response.status === 401 && sessionStore.get()) {
      const error = await apiErrorOf(response.clone());
      if (TOKEN_ERROR_CODES.has(error.code)) {
        if (!(await refreshTokens())) return fail(error, toastErrors);
        response = await send(url, method, body);
      }
    }
    response = await retryWhileUnavailable(method, response, () => send(url, method, body));
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    const message = 'Could not reach the server. Please check your connection.';
    toast('error', message, 'network_error');
    throw new ApiError(0, 'network_error', message);
  }
  if (!response.ok) return fail(await apiErrorOf(response), toastErrors);
  return parse(response, schema);
};
