import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import { type CallKind, graphRefusal, metaError, transportFailure, ZGraphError } from './errors';
import { highestUsagePercent, type MetaUsage, parseUsageHeaders, usagePauseSeconds } from './usage';

export type MetaClientOptions = {
  /** https://graph.facebook.com, or the platform sandbox's /graph. */
  graphBaseUrl: string;
  /** e.g. v26.0 (configuration: Meta retires each version about two years after its release). */
  graphVersion: string;
  appId: string;
  /** Signs every call with appsecret_proof and exchanges login tokens; null: neither (a sandbox without one). */
  appSecret: string | null;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The clock of the usage pauses (tests). */
  now?: () => number;
};

export type GraphCall = {
  method: 'GET' | 'POST' | 'DELETE';
  /** Without the version: "/me/accounts", "/{page-id}/feed". */
  path: string;
  token: string;
  query?: Record<string, string>;
  /** A form body (URL-encoded), or multipart when it holds a file. */
  body?: URLSearchParams | FormData;
  /** The page the call is made for: its business use case usage pauses only its own calls. */
  pageId?: string;
} & CallKind;

export type GraphAnswer = { json: unknown; usage: MetaUsage };

export type GraphTransport = {
  call<T>(schema: z.ZodType<T>, call: GraphCall): Promise<T>;
  /** The usage the last answer reported. */
  lastUsage(): MetaUsage | null;
  /** Seconds until calls for this page (or any call, without one) may be made again; 0: now. */
  pausedFor(pageId?: string): number;
  options: MetaClientOptions;
};

const APP_KEY = 'app';

/** HMAC-SHA256 of the token keyed with the app secret, hex: Graph's proof that the call comes from the app's server. */
export const appSecretProof = (token: string, appSecret: string): string =>
  createHmac('sha256', appSecret).update(token).digest('hex');

const redact = (text: string, token: string): string => (token ? text.split(token).join('[token]') : text);

/**
 * One Graph API call: the token in the Authorization header (never in a URL that could be logged), the
 * appsecret_proof when the app secret is configured, a time limit, the usage headers read and honoured
 * (a budget at 90% or more pauses the calls it covers), and every refusal mapped to a PublishError.
 */
export const createGraphTransport = (options: MetaClientOptions): GraphTransport => {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const pausedUntil = new Map<string, number>();
  let last: MetaUsage | null = null;

  const remaining = (key: string) => Math.max(0, Math.ceil(((pausedUntil.get(key) ?? 0) - now()) / 1000));
  const pausedFor = (pageId?: string) =>
    Math.max(remaining(APP_KEY), pageId ? remaining(`page:${pageId}`) : 0);

  const remember = (usage: MetaUsage) => {
    last = usage;
    if (usage.app) {
      const seconds = usagePauseSeconds({ app: usage.app, business: [] });
      if (seconds > 0) pausedUntil.set(APP_KEY, now() + seconds * 1000);
    }
    for (const entry of usage.business) {
      const seconds = usagePauseSeconds({ app: null, business: [entry] });
      if (seconds > 0) pausedUntil.set(`page:${entry.id}`, now() + seconds * 1000);
    }
  };

  const url = (call: GraphCall) => {
    const base = options.graphBaseUrl.replace(/\/+$/, '');
    const target = new URL(`${base}/${options.graphVersion}${call.path}`);
    for (const [key, value] of Object.entries(call.query ?? {})) target.searchParams.set(key, value);
    if (options.appSecret)
      target.searchParams.set('appsecret_proof', appSecretProof(call.token, options.appSecret));
    return target;
  };

  return {
    options,
    lastUsage: () => last,
    pausedFor,
    async call<T>(schema: z.ZodType<T>, call: GraphCall): Promise<T> {
      const waiting = pausedFor(call.pageId);
      if (waiting > 0) {
        const top = last ? Math.round(highestUsagePercent(last)) : 90;
        const reason = `Meta's usage limit is at ${top}%: calls pause for ${waiting} s`;
        throw metaError('rate_limited', reason, call, { retryAfterSeconds: waiting });
      }
      let response: Response;
      let text: string;
      try {
        response = await doFetch(url(call), {
          method: call.method,
          headers: { authorization: `Bearer ${call.token}`, accept: 'application/json' },
          body: call.body,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        throw transportFailure(error, call, options.timeoutMs);
      }
      const usage = parseUsageHeaders(response.headers);
      remember(usage);
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      const refusal = ZGraphError.safeParse(json);
      if (!response.ok || refusal.success) {
        const body = refusal.success
          ? { ...refusal.data.error, message: redact(refusal.data.error.message, call.token) }
          : null;
        const error = graphRefusal(response.status, body, usage, call);
        if (error.kind === 'rate_limited' && error.retryAfterSeconds) {
          // Meta said stop: the app's limit (#4) stops every call, any other only this page's.
          const key = body?.code === 4 || !call.pageId ? APP_KEY : `page:${call.pageId}`;
          pausedUntil.set(key, Math.max(pausedUntil.get(key) ?? 0, now() + error.retryAfterSeconds * 1000));
        }
        throw error;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const reason = 'Meta answered in an unexpected shape';
        throw metaError(call.publishing ? 'unknown_outcome' : 'unavailable', reason, call, {
          status: response.status,
        });
      }
      return parsed.data;
    },
  };
};
