import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { type ApiSession, openApiSession } from '../session';

export type ApiHandler = (
  req: FastifyRequest,
  reply: FastifyReply,
  session: ApiSession,
) => FastifyReply | Promise<FastifyReply>;

/** Wraps a Voyager API handler with LinkedIn's session, CSRF, expiry, challenge and throttling checks. */
export const api =
  (ctx: SandboxContext, handler: ApiHandler) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const session = await openApiSession(ctx, req, reply);
    if (!session) return reply;
    return handler(req, reply, session);
  };

/** `urn:li:fsd_profile:X`, `urn:li:fs_miniProfile:X` or a bare `X` → `X`. */
export const profileIdOf = (value: string): string =>
  value.replace(/^urn:li:(?:fsd_profile|fs_miniProfile|member):/, '');
