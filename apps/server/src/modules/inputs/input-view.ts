import type { TInput, TInputDetail } from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import { type InputRow, inputs } from '../../db/schema';

/** How much of a text the lists show. */
const EXCERPT_CHARS = 240;

/** The columns a list needs: the start of each text and its length, never whole texts. */
export const inputListColumns = {
  id: inputs.id,
  kind: inputs.kind,
  name: inputs.name,
  mime: inputs.mime,
  sizeBytes: inputs.sizeBytes,
  width: inputs.width,
  height: inputs.height,
  storageKey: inputs.storageKey,
  createdAt: inputs.createdAt,
  characters: sql<number | null>`char_length(${inputs.text})`.mapWith((value) =>
    value === null ? null : Number(value),
  ),
  head: sql<string | null>`left(${inputs.text}, ${EXCERPT_CHARS * 2})`,
};

type ListedInput = Pick<
  InputRow,
  'id' | 'kind' | 'name' | 'mime' | 'sizeBytes' | 'width' | 'height' | 'storageKey' | 'createdAt'
> & { characters: number | null; head: string | null };

const excerptOf = (head: string | null): string | null => {
  if (head === null) return null;
  const flat = head.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : flat;
};

export const inputView = (row: ListedInput): TInput => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  mime: row.mime,
  size_bytes: row.sizeBytes,
  characters: row.characters,
  excerpt: excerptOf(row.head),
  width: row.width,
  height: row.height,
  has_file: row.storageKey !== null,
  created_at: row.createdAt.toISOString(),
});

/** Characters as PostgreSQL's char_length counts them (code points), so lists and details agree. */
const codePoints = (text: string): number => {
  let surrogates = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xdc00 && code <= 0xdfff) surrogates += 1;
  }
  return text.length - surrogates;
};

export const inputDetailView = (row: InputRow): TInputDetail => ({
  ...inputView({
    ...row,
    characters: row.text === null ? null : codePoints(row.text),
    head: row.text === null ? null : row.text.slice(0, EXCERPT_CHARS * 2),
  }),
  text: row.text,
});
