import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text already encoded through the route's response schema (a kept answer): Fastify sends a
 * string with a JSON content type as it is, without the serializer. Typed loosely on purpose, since the
 * route's reply type expects the answer object.
 */
export const sendJsonText = (reply: FastifyReply, json: string): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(json);
