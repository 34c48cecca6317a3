import { sql } from 'drizzle-orm';
import { contentItems } from '../../db/schema';
import { excerpt } from '../../lib/writers/message-writer/shorten-text';
import { excerptOf } from './content-excerpt';

/** Enough of the body for a title, read in the database so a long blog post never leaves it whole. */
const BODY_START_CHARS = 400;
const TITLE_CHARS = 80;

/** The start of a content item's body, as a column to select beside its title. */
export const contentBodyStart = sql<string>`left(${contentItems.body}, ${sql.raw(String(BODY_START_CHARS))})`;

/**
 * How the user recognises a content item: its title, or the start of its text as plain words
 * (LinkedIn posts have no title of their own; a blog's body is HTML).
 */
export const titleOf = (title: string, body: string): string =>
  title.trim() ? excerpt(title, TITLE_CHARS) : excerpt(excerptOf(body), TITLE_CHARS);
