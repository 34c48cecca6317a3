import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { RETRY_AFTER_STATUSES } from './answer-statuses';
import { withUploadBody } from './upload-form';

type Schema = Parameters<typeof jsonSchemaTransform>[0]['schema'];

const RETRY_AFTER = {
  'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' },
};

/**
 * How a route's schemas become its operation in the OpenAPI document: zod's JSON Schema
 * (fastify-type-provider-zod), plus what the route's runtime schema does not hold. An upload route
 * (`config.upload`) gets its multipart/form-data body; the refusals that say when to come back (429, 503)
 * get their Retry-After header.
 */
export const openApiTransform: SwaggerTransform<Schema> = (input) => {
  const schema = withUploadBody(input.schema, input.route?.config?.upload);
  const transformed = jsonSchemaTransform({ ...input, schema });
  const response = transformed.schema?.response as Record<string, Record<string, unknown>> | undefined;
  for (const status of RETRY_AFTER_STATUSES) {
    const answer = response?.[status];
    if (answer) answer.headers = RETRY_AFTER;
  }
  // A route that sends a file names its types in `produces`, which the document would give its refusals
  // too: they are JSON ({ error, message }) whatever the success is.
  if (input.schema?.produces && response) {
    for (const [status, answer] of Object.entries(response)) {
      if (Number(status) < 400) continue;
      const { headers, ...schema } = answer;
      response[status] = {
        description: schema.description,
        ...(headers ? { headers } : {}),
        content: { 'application/json': { schema } },
      };
    }
  }
  return transformed;
};
