import { sessionStore } from '../session/session-store';
import { apiErrorOf } from './api-error';
import { API_BASE, baseHeaders } from './headers';
import { refreshTokens } from './refresh-tokens';

const send = (url: string, body?: unknown): Promise<Response> => {
  const headers: Record<string, string> = baseHeaders();
  const accessToken = sessionStore.get()?.accessToken;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (body === undefined) return fetch(url, { headers, credentials: 'include' });
  headers['Content-Type'] = 'application/json';
  return fetch(url, { method: 'POST', headers, credentials: 'include', body: JSON.stringify(body) });
};

const urlOf = (path: string) =>
  path.startsWith(API_BASE) || /^https?:/.test(path) ? path : `${API_BASE}${path}`;

/** Sends once, and once more after refreshing the tokens on a 401, like every API call. */
const sendWithRefresh = async (url: string, body?: unknown): Promise<Response> => {
  const response = await send(url, body);
  if (response.status === 401 && (await refreshTokens())) return send(url, body);
  return response;
};

/**
 * A file the API serves to its owner only (an input's picture, a social post's image), as a Blob. An
 * <img src> cannot ask for it (it sends no bearer token), so it is fetched here with the token, refreshed
 * once on a 401 like every API call, and shown from a blob: URL. `path` is under the API base
 * ("/inputs/3/image") or a full API URL as the server answered it (image_uri).
 */
export const fetchApiBlob = async (path: string): Promise<Blob> => {
  const response = await sendWithRefresh(urlOf(path));
  if (!response.ok) throw new Error(`The file could not be loaded (${response.status})`);
  return response.blob();
};

/**
 * A picture the API draws from a JSON body (an infographic design's live preview): the Blob and the
 * answer's headers. A refusal throws an ApiError with the server's own message ({ error, message }).
 */
export const postForApiBlob = async (
  path: string,
  body: unknown,
): Promise<{ blob: Blob; headers: Headers }> => {
  const response = await sendWithRefresh(urlOf(path), body);
  if (!response.ok) {
    throw await apiErrorOf(response, `The picture could not be drawn (${response.status})`);
  }
  return { blob: await response.blob(), headers: response.headers };
};
