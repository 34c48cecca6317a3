import { randomUUID } from 'node:crypto';
import type { JsonSchema } from './openapi-operations';

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

const isNumeric = (schema: JsonSchema) =>
  typesOf(schema).some((type) => type === 'integer' || type === 'number');

/** Strings tried against a `pattern` (OTPs, colours, dates, hours…): the first that matches is used. */
const PATTERN_CANDIDATES = () => [
  'x',
  '123456',
  '#000000',
  new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
  '12',
  'a1',
  'x-y',
];

const sampleString = (schema: JsonSchema): string => {
  switch (schema.format) {
    case 'date-time':
      return new Date(Date.now() + 86_400_000).toISOString();
    case 'date':
      return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    case 'email':
      return 'walker@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/';
    case 'uuid':
      return randomUUID();
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return PATTERN_CANDIDATES().find((candidate) => pattern.test(candidate)) ?? 'x';
  }
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
};

/**
 * A value the schema most likely accepts: defaults, first enum values, required properties only, the
 * smallest allowed numbers; so a call reaches its handler with the one field a walker varies.
 */
export const sampleOf = (schema: JsonSchema): unknown => {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (branch) return sampleOf(branch);
  const types = typesOf(schema);
  if (types.includes('object') || schema.properties) {
    return Object.fromEntries(
      (schema.required ?? []).flatMap((name) => {
        const property = schema.properties?.[name];
        return property ? [[name, sampleOf(property)]] : [];
      }),
    );
  }
  if (types.includes('array')) {
    return Array.from({ length: schema.minItems ?? 0 }, () => (schema.items ? sampleOf(schema.items) : 'x'));
  }
  if (isNumeric(schema)) return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1);
  if (types.includes('boolean')) return false;
  if (types.includes('string')) return sampleString(schema);
  return null;
};

/**
 * One numeric field of a schema holding `value`: `field` names where it sits, `sample` is the whole value
 * sampled around it, `only` holds nothing but the path to it (laid over a known valid value).
 */
export type NumericVariant = { field: string; sample: unknown; only: unknown };

/** Every way to put `value` into one numeric field of the schema. */
export const numericVariants = (schema: JsonSchema, value: number): NumericVariant[] => {
  if (isNumeric(schema)) return [{ field: '', sample: value, only: value }];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (branches.length) return branches.flatMap((branch) => numericVariants(branch, value));
  if (schema.properties) {
    const base = sampleOf({ ...schema, default: undefined }) as Record<string, unknown>;
    return Object.entries(schema.properties).flatMap(([name, property]) =>
      numericVariants(property, value).map((variant) => ({
        field: `.${name}${variant.field}`,
        sample: { ...base, [name]: variant.sample },
        only: { [name]: variant.only },
      })),
    );
  }
  if (schema.items) {
    return numericVariants(schema.items, value).map((variant) => ({
      field: `[]${variant.field}`,
      sample: [variant.sample],
      only: [variant.only],
    }));
  }
  return [];
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `over` laid on `under`: objects merge key by key, arrays item by item, anything else in `over` wins. */
export const overlay = (under: unknown, over: unknown): unknown => {
  if (Array.isArray(under) && Array.isArray(over)) {
    const length = Math.max(under.length, over.length);
    return Array.from({ length }, (_, i) => (i < over.length ? overlay(under[i], over[i]) : under[i]));
  }
  if (!isPlainObject(under) || !isPlainObject(over)) return over === undefined ? under : over;
  const merged: Record<string, unknown> = { ...under };
  for (const [key, value] of Object.entries(over)) merged[key] = overlay(under[key], value);
  return merged;
};
