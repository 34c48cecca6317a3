import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * Graph API refusals in Graph's own shape ({ error: { message, type, code, error_subcode, fbtrace_id } }),
 * so the client's mapping is tested against what Meta really answers.
 */
export class GraphRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly code: number,
    readonly subcode?: number,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const sendGraphError = (reply: FastifyReply, refusal: GraphRefusal) =>
  reply.code(refusal.status).send({
    error: {
      message: refusal.message,
      type: refusal.type,
      code: refusal.code,
      ...(refusal.subcode === undefined ? {} : { error_subcode: refusal.subcode }),
      ...refusal.extra,
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });

export const invalidParameter = (message: string, subcode?: number) =>
  new GraphRefusal(400, `(#100) ${message}`, 'OAuthException', 100, subcode);

export const unsupportedGet = (id: string) =>
  new GraphRefusal(
    400,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    'GraphMethodException',
    100,
    33,
  );

export const permissionDenied = (message: string) =>
  new GraphRefusal(403, `(#200) ${message}`, 'OAuthException', 200);
