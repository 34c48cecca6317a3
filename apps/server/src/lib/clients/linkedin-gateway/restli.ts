/**
 * Rest.li 2.0 URL encoding as Voyager uses it in query values such as
 * `variables=(start:0,query:(keywords:sales%20manager,queryParameters:List((key:network,value:List(S)))))`:
 * structure characters stay literal, and every leaf string has `(),:'` (and the rest) percent-encoded.
 */
export const restliString = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type RestliInput =
  | string
  | number
  | boolean
  | RestliInput[]
  | { [key: string]: RestliInput | undefined };

/** Encodes a value; object keys keep their order and undefined fields are left out. */
export const restli = (value: RestliInput): string => {
  if (Array.isArray(value)) return `List(${value.map(restli).join(',')})`;
  if (typeof value === 'object') {
    const fields = Object.entries(value)
      .filter((entry): entry is [string, RestliInput] => entry[1] !== undefined)
      .map(([k, v]) => `${restliString(k)}:${restli(v)}`);
    return `(${fields.join(',')})`;
  }
  return restliString(String(value));
};
