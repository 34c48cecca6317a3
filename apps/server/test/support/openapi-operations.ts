import { expect } from 'vitest';
import type { Harness } from './harness';

/** The part of an OpenAPI 3.0 schema object the walkers read. */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type OperationParameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The document's path, with its `{name}` placeholders. */
  path: string;
  /** The path with every parameter given a value that is not valid for any of them. */
  url: string;
  /** Marked `security: []`: needs no token. */
  isPublic: boolean;
  parameters: OperationParameter[];
  /** The JSON body's schema, when the call takes one. */
  jsonBody: JsonSchema | undefined;
  /** The multipart/form-data body's schema, when the call takes an upload. */
  formBody: (JsonSchema & { description?: string }) | undefined;
  /** The statuses the document lists for the call ("200", "404", …). */
  statuses: string[];
};

type DocumentOperation = {
  security?: unknown[];
  parameters?: OperationParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
};

/** Every operation of the server's OpenAPI document. */
export const openApiOperations = async (h: Harness): Promise<Operation[]> => {
  const res = await h.call('GET', '/api/docs/json');
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ paths: Record<string, Record<string, DocumentOperation>> }>();
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      url: path.replaceAll(/\{[^}]+\}/g, 'x'),
      isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      parameters: operation.parameters ?? [],
      jsonBody: operation.requestBody?.content?.['application/json']?.schema,
      formBody: operation.requestBody?.content?.['multipart/form-data']?.schema,
      statuses: Object.keys(operation.responses ?? {}),
    })),
  );
};
