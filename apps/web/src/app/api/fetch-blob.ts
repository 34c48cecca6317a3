import { sessionStore } from '../session/session-store';
import { API_BASE, baseHeaders } from './headers';
import { refreshTokens } from './refresh-tokens';

const send = (url: string): Promise<Response> => {
  const headers: Record<string, string> = baseHeaders();
  const accessToken = sessionStore.get()?.accessToken;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  return fetch(url, { headers, credentials: 'include' });
};

/**
 * A file the API serves to its owner only (an input's picture, a social post's image), as a Blob. An
 * <img src> cannot ask for it (it sends no bearer token), so it is fetched here with the token, refreshed
 * once on a 401 like every API call, and shown from a blob: URL. `path` is under the API base
 * ("/inputs/3/image") or a full API URL as the server answered it (image_uri).
 */
export const fetchApiBlob = async (path: string): Promise<Blob> => {
  const url = path.startsWith(API_BASE) || /^https?:/.test(path) ? path : `${API_BASE}${path}`;
  let response = await send(url);
  if (response.status === 401 && (await refreshTokens())) response = await send(url);
  if (!response.ok) throw new Error(`The file could not be loaded (${response.status})`);
  return response.blob();
};
