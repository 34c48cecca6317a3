import type { FastifySchema } from 'fastify';
import { z } from 'zod';

/**
 * The form of a multipart/form-data upload as the OpenAPI document describes it. The route reads the
 * form itself (receive-multipart.ts), so this is never used to validate: it only describes the body.
 */
export type UploadForm = {
  /** The file part: its field name, what it may hold, and the largest file accepted (larger: 413). */
  file: { name: string; description: string; maxBytes: number };
  /** The text fields sent beside the file, as the route checks them. */
  fields?: z.ZodObject;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a multipart/form-data upload of this form (described in the OpenAPI document). */
    upload?: UploadForm;
  }
}

/** "50 MiB", "512 KiB": a limit in the words of its unit, exact (the limits are whole units). */
export const byteSize = (bytes: number): string => {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
};

/** The form as a schema of the body, for the document only: the file a binary string naming its limit. */
export const uploadBodySchema = (form: UploadForm): z.ZodObject => {
  const file = z
    .string()
    .meta({ format: 'binary' })
    .describe(`${form.file.description}; at most ${byteSize(form.file.maxBytes)}`);
  return (form.fields ?? z.object({}))
    .extend({ [form.file.name]: file })
    .describe(
      `multipart/form-data with one file part "${form.file.name}" (at most ${byteSize(form.file.maxBytes)}; ` +
        'a larger file answers 413 too_large)',
    );
};

/**
 * What the document-building transform reads of a route's schema: an upload route's schema with its form
 * as a multipart/form-data body. Fastify validates with the route's own schema, which has no body.
 */
export const withUploadBody = <T extends FastifySchema | undefined>(
  schema: T,
  form: UploadForm | undefined,
): T =>
  form && schema ? { ...schema, body: uploadBodySchema(form), consumes: ['multipart/form-data'] } : schema;
