/**
 * Rest.li 2.0 URL encoding, as Voyager's `variables=(start:0,query:(keywords:a%20b,…))` uses it:
 * objects `(key:value,…)`, lists `List(a,b)`, and leaf strings whose reserved characters `(),:'`
 * are percent-encoded.
 */
export type RestliValue = string | RestliValue[] | { [key: string]: RestliValue };

export class RestliSyntaxError extends Error {}

const decodeLeaf = (raw: string): string => {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new RestliSyntaxError('bad percent-encoding');
  }
};

export const parseRestli = (text: string): RestliValue => {
  let pos = 0;
  const peek = (s: string) => text.startsWith(s, pos);
  const expect = (s: string) => {
    if (!peek(s)) throw new RestliSyntaxError(`expected "${s}" at ${pos}`);
    pos += s.length;
  };
  const leaf = (): string => {
    const start = pos;
    while (pos < text.length && !'(),:'.includes(text.charAt(pos))) pos++;
    return decodeLeaf(text.slice(start, pos));
  };
  const value = (): RestliValue => {
    if (peek('List(')) {
      expect('List(');
      const items: RestliValue[] = [];
      if (!peek(')')) {
        items.push(value());
        while (peek(',')) {
          expect(',');
          items.push(value());
        }
      }
      expect(')');
      return items;
    }
    if (peek('(')) {
      expect('(');
      const obj: { [key: string]: RestliValue } = {};
      if (!peek(')')) {
        do {
          if (peek(',')) expect(',');
          const key = leaf();
          expect(':');
          obj[key] = value();
        } while (peek(','));
      }
      expect(')');
      return obj;
    }
    return leaf();
  };
  const result = value();
  if (pos !== text.length) throw new RestliSyntaxError(`unexpected "${text.slice(pos, pos + 10)}"`);
  return result;
};

export const asObject = (v: RestliValue | undefined): { [key: string]: RestliValue } =>
  v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v : {};

export const asList = (v: RestliValue | undefined): RestliValue[] => (Array.isArray(v) ? v : []);

export const asString = (v: RestliValue | undefined): string | undefined =>
  typeof v === 'string' ? v : undefined;

/** The raw (not yet decoded) value of one query parameter: Rest.li leaves must be decoded one by one. */
export const rawQueryParam = (url: string, name: string): string | undefined => {
  const query = url.split('?')[1] ?? '';
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (key === name) return eq < 0 ? '' : part.slice(eq + 1);
  }
  return undefined;
};

/** Parses a Rest.li query parameter; a fully percent-encoded value (`%28…`) is decoded once first. */
export const restliParam = (url: string, name: string): RestliValue | undefined => {
  const raw = rawQueryParam(url, name);
  if (raw === undefined) return undefined;
  return parseRestli(raw.startsWith('(') || raw.startsWith('List(') ? raw : decodeLeaf(raw));
};
