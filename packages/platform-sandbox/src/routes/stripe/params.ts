import { invalidParam, missingParam, StripeRefusal, unknownParam } from './errors';
import type { Param, ParamObject } from './form';

/**
 * Reading Stripe parameters with Stripe's refusals: a parameter Stripe does not know is refused
 * ("Received unknown parameter"), one Stripe knows that the sandbox does not play is refused as
 * unsupported (never silently ignored), and bad values name the parameter as Stripe does
 * (`line_items[0][price_data][currency]`).
 */
export type Metadata = Record<string, string>;

export const only = (params: ParamObject, allowed: string[], prefix = '', unsupported: string[] = []) => {
  for (const key of Object.keys(params)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (unsupported.includes(key))
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        `The platform sandbox does not support \`${name}\`; leave it out.`,
        'parameter_unknown',
        name,
      );
    if (!allowed.includes(key)) throw unknownParam(name);
  }
};

export const str = (params: ParamObject, key: string, name = key): string | undefined => {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw invalidParam(name, `Invalid string: ${JSON.stringify(value)}`, 'parameter_invalid_string');
  return value;
};

export const requiredStr = (params: ParamObject, key: string, name = key): string => {
  const value = str(params, key, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
};

export const int = (params: ParamObject, key: string, name = key): number | undefined => {
  const value = str(params, key, name);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw invalidParam(name, `Invalid integer: ${value}`, 'parameter_invalid_integer');
  return Number(value);
};

export const bool = (params: ParamObject, key: string, name = key): boolean | undefined => {
  const value = str(params, key, name);
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false') throw invalidParam(name, `Invalid boolean: ${value}`);
  return value === 'true';
};

export const oneOf = <T extends string>(
  params: ParamObject,
  key: string,
  values: readonly T[],
  name = key,
): T | undefined => {
  const value = str(params, key, name);
  if (value === undefined || value === '') return undefined;
  if (!values.includes(value as T)) {
    const list = values.length > 1 ? `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}` : values[0];
    throw invalidParam(name, `Invalid ${name}: must be one of ${list}`);
  }
  return value as T;
};

export const object = (params: ParamObject, key: string, name = key): ParamObject | undefined => {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParam(name, `Invalid object`, 'parameter_invalid_object');
  return value;
};

export const list = (params: ParamObject, key: string, name = key): Param[] | undefined => {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw invalidParam(name, `Invalid array`, 'parameter_invalid_array');
  return value;
};

export const stringList = (params: ParamObject, key: string, name = key): string[] | undefined =>
  list(params, key, name)?.map((item, index) => {
    if (typeof item !== 'string')
      throw invalidParam(`${name}[${index}]`, `Invalid string: ${JSON.stringify(item)}`);
    return item;
  });

export const url = (params: ParamObject, key: string, name = key): string | undefined => {
  const value = str(params, key, name);
  if (value === undefined || value === '') return undefined;
  try {
    const parsed = new URL(value.replace(/\{CHECKOUT_SESSION_ID\}/g, 'x'));
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // refused below
  }
  throw invalidParam(name, 'Not a valid URL', 'url_invalid');
};

/**
 * Metadata as Stripe takes it: up to 50 keys of 40 characters, values of 500; on an update an empty
 * value unsets a key, and `metadata=""` unsets them all.
 */
export const metadata = (
  params: ParamObject,
  key = 'metadata',
  current: Metadata = {},
  name = key,
): Metadata | undefined => {
  const value = params[key];
  if (value === undefined) return undefined;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParam(name, 'Invalid hash', 'parameter_invalid_object');
  const next: Metadata = { ...current };
  for (const [field, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw invalidParam(`${name}[${field}]`, 'Metadata values must be strings.');
    if (field.length > 40)
      throw invalidParam(`${name}[${field}]`, 'Metadata keys can have up to 40 characters.');
    if (item.length > 500)
      throw invalidParam(`${name}[${field}]`, 'Metadata values can have up to 500 characters.');
    if (item === '') delete next[field];
    else next[field] = item;
  }
  if (Object.keys(next).length > 50) throw invalidParam(name, 'Metadata can have up to 50 keys.');
  return next;
};

export const expandOf = (params: ParamObject): string[] => stringList(params, 'expand') ?? [];
