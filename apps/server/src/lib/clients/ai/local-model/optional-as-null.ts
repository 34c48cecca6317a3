/**
 * node-llama-cpp's JSON Schema grammars make every property of an object required (its documented
 * limitation: `required` is ignored), so a model could never leave out an optional argument ("leave out
 * for all lists") and would have to invent one. Before a schema becomes a grammar, each property that is
 * not required may also be `null`; after the answer is parsed, those nulls are removed again, so what the
 * caller's zod schema sees is an object with the property left out.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const COMPOSITES = ['oneOf', 'anyOf', 'allOf'] as const;

/** The schema with every optional property of every object (at any depth) allowed to be null. */
export const optionalAsNull = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(optionalAsNull);
  if (!isObject(schema)) return schema;
  const out: Json = { ...schema };
  for (const key of COMPOSITES)
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(optionalAsNull);
  if (isObject(out.items)) out.items = optionalAsNull(out.items);
  if (isObject(out.$defs)) {
    out.$defs = Object.fromEntries(
      Object.entries(out.$defs).map(([name, def]) => [name, optionalAsNull(def)]),
    );
  }
  if (isObject(out.properties)) {
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([name, property]) => {
        const inner = optionalAsNull(property);
        return [name, required.has(name) ? inner : { oneOf: [inner, { type: 'null' }] }];
      }),
    );
  }
  return out;
};

/** The parsed answer with every null property removed (at any depth), as if the model had left it out. */
export const dropNullProperties = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(dropNullProperties);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null)
      .map(([name, inner]) => [name, dropNullProperties(inner)]),
  );
};
