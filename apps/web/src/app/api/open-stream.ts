import { planLimitDetailOf, premiumPopup } from '../dialogs/premium-popup-store';
import { sessionStore } from '../session/session-store';
import { apiErrorOf, TOKEN_ERROR_CODES } from './api-error';
import { API_BASE, baseHeaders } from './headers';
import { refreshTokens } from './refresh-tokens';

const post = (path: string, body: unknown, signal: AbortSignal): Promise<Response> => {
  const headers: Record<string, string> = baseHeaders();
  // A call without a body (writing an answer again) sends none: an empty JSON body is refused.
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const accessToken = sessionStore.get()?.accessToken;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  return fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
};

/**
 * POSTs to a streaming call (LinkedIn posts, the chat's answers) and answers its event-stream body. As the app's API client does, an
 * expired access token is refreshed once and the call sent again; a refusal (JSON) throws an ApiError.
 */
export const openStream = async (
  path: string,
  body: unknown,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> => {
  let response = await post(path, body, signal);
  if (response.status === 401 && sessionStore.get()) {
    const error = await apiErrorOf(response.clone());
    if (TOKEN_ERROR_CODES.has(error.code) && (await refreshTokens()))
      response = await post(path, body, signal);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
    // A plan limit (the AI allowance) opens the premium pop-up, as every other call's 402 does.
    const error = await apiErrorOf(response);
    if (response.status === 402) premiumPopup.open(planLimitDetailOf(error.body));
    throw error;
  }
  return response.body;
};
