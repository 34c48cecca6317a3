/**
 * Stripe's request parameters as the SDK sends them: form-encoded bodies and query strings whose keys
 * nest with brackets (`line_items[0][price_data][recurring][interval]=month`, `expand[0]=customer`),
 * the `qs` indexed format. Decoded into plain objects, with indexed keys turned back into arrays.
 */
export type Param = string | ParamObject | Param[];
export type ParamObject = { [key: string]: Param };

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** `a[b][0]` → ['a', 'b', '0']; a key without brackets is one segment. */
const segmentsOf = (key: string): string[] => {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  for (const match of rest.matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? '');
  return segments;
};

const isIndexed = (value: ParamObject): boolean => {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => /^\d+$/.test(key) || key === '');
};

/** Objects keyed 0, 1, 2 … (or `[]`) become arrays, in index order. */
const arraysBack = (value: Param): Param => {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const converted: ParamObject = {};
  for (const [key, item] of Object.entries(value)) converted[key] = arraysBack(item);
  if (!isIndexed(converted)) return converted;
  return Object.keys(converted)
    .sort((a, b) => Number(a || 0) - Number(b || 0))
    .map((key) => converted[key] as Param);
};

export const parseStripeParams = (text: string): ParamObject => {
  const root: ParamObject = {};
  let appended = 0;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const key = decode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decode(pair.slice(equals + 1));
    const segments = segmentsOf(key);
    let node: ParamObject = root;
    segments.forEach((segment, index) => {
      // `expand[]=a&expand[]=b`: each empty index appends.
      const name = segment === '' ? String(1_000_000 + appended++) : segment;
      if (index === segments.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'object' && next !== null && !Array.isArray(next)) node = next;
      else {
        const created: ParamObject = {};
        node[name] = created;
        node = created;
      }
    });
  }
  return arraysBack(root) as ParamObject;
};
