import type { TErrorBody } from '@sales-assist/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/core/app-error';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnreachable,
} from '../lib/core/faults/database-unreachable';
import { DISK_FULL_MESSAGE, isDiskFull } from '../lib/core/faults/disk-space';

// Features import the refusals from here, beside the handler that answers them.
export { AppError, conflict, forbidden, notFound, tooManyRequests } from '../lib/core/app-error';

/** Every failure leaves as { error, message }: never a stack trace, never a 500 for bad input. */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ error: 'not_found', message: `No such call: ${request.method} ${request.url.split('?')[0]}` });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      reply
        .headers(error.headers)
        .code(error.status)
        .send({ error: error.code, message: error.message, ...error.extra });
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      reply.code(400).send({
        error: 'validation_error',
        message: first?.message ?? 'Invalid request',
      } satisfies TErrorBody);
      return;
    }
    // Faults of the machine, not of the request: said in words a person can act on, never "Something went wrong".
    if (isDiskFull(error)) {
      request.log.warn({ err: error }, 'disk full: a write was refused or failed');
      reply.code(507).send({ error: 'disk_full', message: DISK_FULL_MESSAGE } satisfies TErrorBody);
      return;
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'the database cannot be reached');
      reply
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .code(503)
        .send({ error: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } satisfies TErrorBody);
      return;
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'answer did not match its schema');
      reply.code(500).send({ error: 'internal_error', message: 'Something went wrong' } satisfies TErrorBody);
      return;
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? 'too_large'
          : status === 429
            ? 'rate_limited'
            : status === 415
              ? 'unsupported_media_type'
              : 'bad_request';
      reply.code(status).send({ error: code, message: error.message } satisfies TErrorBody);
      return;
    }
    request.log.error({ err: error }, 'unhandled error');
    reply.code(500).send({ error: 'internal_error', message: 'Something went wrong' } satisfies TErrorBody);
  });
};
