import { API_BASE, baseHeaders } from '../../../app/api/headers';
import { refreshTokens } from '../../../app/api/refresh-tokens';
import { sessionStore } from '../../../app/session/session-store';

const send = (url: string): Promise<Response> => {
  const headers: Record<string, string> = baseHeaders();
  const accessToken = sessionStore.get()?.accessToken;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  return fetch(url, { headers, credentials: 'include' });
};

/**
 * An input's stored picture (or any file) as a Blob. Pictures are served to their owner only, so an
 * <img src> cannot ask for them (it sends no bearer token): they are fetched here with the token,
 * refreshed once on a 401 like every API call, and shown from a blob: URL.
 */
export const fetchInputFile = async (id: number, variant: 'image' | 'thumbnail' | 'file'): Promise<Blob> => {
  const url = `${API_BASE}/inputs/${id}/${variant}`;
  let response = await send(url);
  if (response.status === 401 && (await refreshTokens())) response = await send(url);
  if (!response.ok) throw new Error(`The picture could not be loaded (${response.status})`);
  return response.blob();
};
