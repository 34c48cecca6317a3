import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { memberOf, type SandboxContext, type SessionFlags, sessionFlags } from './context';
import {
  cookiesOf,
  DELETE_LI_AT,
  jsessionCookie,
  newJsessionId,
  pathOf,
  sendError,
  unquote,
} from './http-util';
import type { Member } from './members';
import { hashString } from './rng';

export type ApiSession = { liAt: string; flags: SessionFlags; member: Member };

/** The session cookie of a request, or null when there is none (or LinkedIn already deleted it). */
export const liAtOf = (req: FastifyRequest): string | null => {
  const value = cookiesOf(req).get('li_at');
  return value && value !== 'delete me' && value !== '""' ? value : null;
};

const challengePath = (liAt: string): string =>
  `/checkpoint/challenge/AgE${hashString(liAt, 7).toString(36)}${hashString(liAt, 11).toString(36)}?ut=sandbox`;

/** Answers the control API's throttling and stalls; true when the request was answered here. */
const applyNetworkFlags = async (
  ctx: SandboxContext,
  flags: SessionFlags,
  reply: FastifyReply,
  path: string,
): Promise<boolean> => {
  const throttle = flags.throttle;
  if (throttle && throttle.remaining > 0) {
    throttle.remaining -= 1;
    if (throttle.remaining === 0) flags.throttle = null;
    if (throttle.status === 999) {
      // Fastify only sends standard status codes; LinkedIn's 999 goes out on the raw response.
      reply.hijack();
      reply.raw.writeHead(999, 'Request denied', { 'content-type': 'text/html' });
      reply.raw.end('<html><body><h1>Request denied</h1></body></html>');
    } else {
      if (throttle.retryAfterSeconds !== null)
        reply.header('retry-after', String(throttle.retryAfterSeconds));
      sendError(reply, 429, 'TOO_MANY_REQUESTS', 'Too many requests');
    }
    return true;
  }
  const stall = flags.stall;
  if (stall && stall.remaining > 0 && (stall.path === null || path.includes(stall.path))) {
    stall.remaining -= 1;
    if (stall.remaining === 0) flags.stall = null;
    const controller = new AbortController();
    const cancel = () => controller.abort();
    ctx.stalls.add(cancel);
    await sleep(stall.ms, undefined, { signal: controller.signal }).catch(() => undefined);
    ctx.stalls.delete(cancel);
  }
  return false;
};

/**
 * The checks LinkedIn makes before a Voyager API call: a session cookie, the CSRF double submit
 * (`csrf-token` header equal to the JSESSIONID cookie), then the session's state. Returns null when
 * the request was already answered.
 */
export const openApiSession = async (
  ctx: SandboxContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<ApiSession | null> => {
  const liAt = liAtOf(req);
  if (!liAt) {
    sendError(reply, 401, undefined, 'Unauthorized');
    return null;
  }
  const jsessionId = unquote(cookiesOf(req).get('JSESSIONID') ?? '');
  if (!jsessionId || req.headers['csrf-token'] !== jsessionId) {
    reply.code(403).type('text/plain').send('CSRF check failed.');
    return null;
  }
  const flags = sessionFlags(ctx, liAt);
  if (flags.expired === 'redirect') {
    reply.redirect(`/uas/login?session_redirect=${encodeURIComponent(pathOf(req.url))}`, 302);
    return null;
  }
  if (flags.expired === 'cleared') {
    reply.header('set-cookie', DELETE_LI_AT).code(403).type('text/plain').send('CSRF check failed.');
    return null;
  }
  if (flags.expired) {
    sendError(reply, 401, undefined, 'Unauthorized');
    return null;
  }
  if (flags.challenge === 'forbidden') {
    sendError(reply, 403, 'CHALLENGE', `Security verification required: ${challengePath(liAt)}`);
    return null;
  }
  if (flags.challenge) {
    reply.redirect(challengePath(liAt), 302);
    return null;
  }
  if (await applyNetworkFlags(ctx, flags, reply, pathOf(req.url))) return null;
  return { liAt, flags, member: memberOf(ctx, liAt) };
};

const page = (title: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>LinkedIn sandbox</p></body></html>`;

const OPEN_PAGES = ['/login', '/uas/login', '/authwall', '/checkpoint/'];

/**
 * Any page load. A browser's first visit gets its JSESSIONID here (the CSRF token of later API calls);
 * an expired session is sent to /login with its li_at deleted; a challenged one to /checkpoint/challenge.
 */
export const servePage = async (
  ctx: SandboxContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> => {
  const path = pathOf(req.url);
  if (OPEN_PAGES.some((p) => path === p || (p.endsWith('/') && path.startsWith(p)))) {
    return reply
      .type('text/html')
      .send(page(path.startsWith('/checkpoint/') ? 'Security Verification' : 'Sign In'));
  }
  const liAt = liAtOf(req);
  const hasJsession = cookiesOf(req).has('JSESSIONID');
  if (liAt) {
    const flags = sessionFlags(ctx, liAt);
    if (flags.expired) {
      const login = flags.expired === 'redirect' ? '/uas/login' : '/login';
      return reply
        .header('set-cookie', DELETE_LI_AT)
        .redirect(`${login}?session_redirect=${encodeURIComponent(path)}`, 302);
    }
    if (flags.challenge) return reply.redirect(challengePath(liAt), 302);
    if (await applyNetworkFlags(ctx, flags, reply, path)) return reply;
  }
  if (!hasJsession) reply.header('set-cookie', jsessionCookie(newJsessionId()));
  return reply.type('text/html').send(page(liAt ? 'Feed | LinkedIn' : 'LinkedIn: Log In or Sign Up'));
};
