import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/open-database';
import { sessions, type UserRow, users } from '../db/schema';
import type { Clock } from '../lib/core/clock';
import { type AccessTokens, TokenError } from '../lib/security/access-tokens';
import type { CallerCache } from './caller-cache';
import { AppError, forbidden } from './errors';
import { cacheVerifiedTokens } from './verified-tokens';

export type Access = 'public' | 'user' | 'admin';
export type AuthContext = { user: UserRow; sessionId: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; 'user' when unset. */
    access?: Access;
    /** An inactive account may still call it (what the activation pop-up needs). */
    allowInactive?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const tokenError = (error: TokenError): AppError => {
  const messages = {
    invalid_token: 'Your session is not valid. Please sign in again.',
    token_expired: 'Your session has expired.',
    token_revoked: 'Your session has ended. Please sign in again.',
  } as const;
  return new AppError(401, error.code, messages[error.code]);
};

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

/**
 * The session and its user, as one statement prepared once: every signed-in request runs it, so it is
 * built once (not per request) and PostgreSQL plans it once per connection.
 */
const prepareCallerLookup = (db: Db) =>
  db
    .select({ user: users, revokedAt: sessions.revokedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('caller_by_session');
type CallerLookup = ReturnType<typeof prepareCallerLookup>;

/**
 * The signed-in caller, or throws. From the cache when this session was read before: every change to a
 * session or a user (a logout, a deactivation, a new password, a revoked token family) drops it there
 * at commit, so those still bite on the very next request. Revoked sessions are never cached.
 */
const resolveCaller = async (
  lookup: CallerLookup,
  callers: CallerCache,
  tokens: AccessTokens,
  clock: Clock,
  token: string,
): Promise<AuthContext> => {
  const claims = await tokens.verify(token, clock.now());
  const cached = callers.get(claims.sessionId);
  if (cached) {
    if (cached.user.id !== claims.userId) throw new TokenError('token_revoked');
    return cached;
  }
  const mark = callers.mark();
  const [row] = await lookup.execute({ sessionId: claims.sessionId });
  if (!row || row.user.id !== claims.userId || row.revokedAt) throw new TokenError('token_revoked');
  const caller = { user: row.user, sessionId: claims.sessionId };
  callers.set(caller, mark);
  return caller;
};

/**
 * Route access rules for every route in the scope it is added to. They run on request, before the body
 * is read or anything is validated: a caller who may not call a route learns nothing about its input
 * rules (401/403 first, then 400).
 */
export const addAuthentication = (
  app: FastifyInstance,
  deps: { db: Db; tokens: AccessTokens; clock: Clock; callers: CallerCache },
): void => {
  app.decorateRequest('auth', null);
  const lookup = prepareCallerLookup(deps.db);
  const tokens = cacheVerifiedTokens(deps.tokens);
  // The OpenAPI document says which calls need no token, from the same setting the hook reads.
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'public' || route.schema?.security !== undefined) return;
    route.schema = { ...route.schema, security: [] };
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'user';
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new AppError(401, 'invalid_token', 'Please sign in to continue.');
    try {
      request.auth = await resolveCaller(lookup, deps.callers, tokens, deps.clock, token);
    } catch (error) {
      if (error instanceof TokenError) throw tokenError(error);
      throw error;
    }
    const { user } = request.auth;
    if (!user.isActive && !request.routeOptions.config?.allowInactive) {
      throw new AppError(
        403,
        'inactive',
        'Your account is not active. Please contact support to activate it.',
      );
    }
    if (access === 'admin' && !user.isAdmin) throw forbidden('Only administrators can do this');
  });
};

/** The caller of a route that requires sign-in (the hook guarantees it). */
export const callerOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw new AppError(401, 'invalid_token', 'Please sign in to continue.');
  return request.auth;
};
