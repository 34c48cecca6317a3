import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const NORMALIZED_JSON = 'application/vnd.linkedin.normalized+json+2.1; charset=UTF-8';

export const parseCookies = (header: string | undefined): Map<string, string> => {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
};

export const cookiesOf = (req: FastifyRequest): Map<string, string> => parseCookies(req.headers.cookie);

/** The JSESSIONID cookie value without the quotes LinkedIn puts around it. */
export const unquote = (value: string): string =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;

export const newJsessionId = (): string => {
  let digits = '';
  for (let i = 0; i < 19; i++) digits += randomInt(0, 10).toString();
  return `ajax:${digits}`;
};

export const jsessionCookie = (id: string): string => `JSESSIONID="${id}"; Version=1; Path=/; SameSite=Lax`;

/** What LinkedIn sends when it drops a session: the cookie is overwritten and expired. */
export const DELETE_LI_AT = 'li_at=delete me; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly';

/** Voyager's error envelope in the normalized format. */
export const sendError = (
  reply: FastifyReply,
  status: number,
  code?: string,
  message?: string,
): FastifyReply =>
  reply
    .code(status)
    .type(NORMALIZED_JSON)
    .send({
      data: {
        status,
        ...(code ? { code } : {}),
        ...(message ? { message } : {}),
        $type: 'com.linkedin.restli.common.ErrorResponse',
      },
      included: [],
    });

export const sendNormalized = (reply: FastifyReply, body: unknown, status = 200): FastifyReply =>
  reply.code(status).type(NORMALIZED_JSON).send(body);

export const queryString = (req: FastifyRequest, name: string): string | undefined => {
  const query = req.query as Record<string, unknown> | undefined;
  const value = query?.[name];
  return typeof value === 'string' ? value : undefined;
};

export const queryInt = (
  req: FastifyRequest,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number => {
  const raw = queryString(req, name);
  const n = raw === undefined ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

export const pathOf = (url: string): string => url.split('?')[0] ?? url;
