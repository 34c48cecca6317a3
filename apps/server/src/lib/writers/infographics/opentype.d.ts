/**
 * The small part of opentype.js the renderer uses (metrics and names). Its published types pull the
 * browser's DOM library into the whole server's type check, so they are not installed.
 */
declare module 'opentype.js' {
  export type Font = {
    supported: boolean;
    unitsPerEm: number;
    glyphs: { length: number };
    names: Record<string, Record<string, string> | undefined>;
    getAdvanceWidth(text: string, fontSize: number, options?: { kerning?: boolean }): number;
  };
  export function parse(buffer: ArrayBuffer): Font;
  const opentype: { parse: typeof parse };
  export default opentype;
}
