import type { TCall } from '@sales-assist/contract';
import type { z } from 'zod';
import { api } from './api-client';
import { API_BASE } from './headers';

type TSchemaOf<S> = S extends z.ZodType ? S : never;

/** What a call takes: its path's parameters, its query and its body, each typed by the call's schemas. */
export type TCallInput<C extends TCall> = (C['params'] extends z.ZodType
  ? { params: z.input<TSchemaOf<C['params']>> }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: z.input<TSchemaOf<C['query']>> } : { query?: undefined }) &
  // A form upload (no body schema, sent with POST) takes the form itself.
  (C['body'] extends z.ZodType
    ? { body?: z.input<TSchemaOf<C['body']>> }
    : { body?: FormData | undefined }) & {
    /** Set false where the caller shows the failure itself. */
    toastErrors?: boolean;
  };

/** What a call answers when it answers JSON: its response schema's output. */
export type TCallAnswer<C extends TCall> = C['response'] extends z.ZodType ? z.output<C['response']> : never;

/** The call's path with its parameters filled in (each encoded), as the API client takes it (under API_BASE). */
export const pathOf = (call: TCall, params: Record<string, unknown> | undefined): string => {
  const path = call.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`${call.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return path.slice(API_BASE.length);
};

/**
 * Calls the API by the contract's table (packages/contract/src/calls): the method, the path and the answer's
 * schema come from the call, so no screen writes a path or a method of its own.
 */
export const callApi = <C extends TCall>(call: C, input: TCallInput<C>): Promise<TCallAnswer<C>> => {
  if (typeof call.response === 'string')
    throw new Error(`${call.path} answers ${call.response}: read it with the file or stream helpers`);
  const { params, query, body, toastErrors } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, string | number | boolean | undefined>;
    body?: unknown;
    toastErrors?: boolean;
  };
  return api(pathOf(call, params), {
    method: call.method,
    query,
    body,
    schema: call.response as z.ZodType<TCallAnswer<C>>,
    ...(toastErrors === undefined ? {} : { toastErrors }),
  });
};
