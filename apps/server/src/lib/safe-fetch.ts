export type SafeFetchOptions = { maxBytes?: number; timeoutMs?: number; accept?: string };
export type SafeFetchResult = { finalUrl: string; status: number; contentType: string | null; body: string };
/** Fetches a URL a user gave us without letting it reach our own network (SSRF). */
export type SafeFetch = (url: string, options?: SafeFetchOptions) => Promise<SafeFetchResult>;
