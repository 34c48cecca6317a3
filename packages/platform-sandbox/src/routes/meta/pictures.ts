/** A 1×1 PNG: the picture the stand-in serves for people, pages and accounts, and a test image URL. */
export const SANDBOX_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const FETCH_TIMEOUT_MS = 5_000;

/**
 * Meta fetches a photo or an Instagram image from its URL ("we cURL media"): the stand-in does the same,
 * so a URL the platform could not reach is refused here too. Only an image answer counts.
 */
export const fetchPicture = async (url: string): Promise<{ ok: boolean }> => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false };
  try {
    const response = await fetch(parsed, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    const type = response.headers.get('content-type') ?? '';
    const bytes = await response.arrayBuffer();
    return { ok: response.ok && type.startsWith('image/') && bytes.byteLength > 0 };
  } catch {
    return { ok: false };
  }
};
