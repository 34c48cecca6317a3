import { TEMPLATE_PROMPT_TYPES } from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import { templateEntries } from '../../db/schema';

const TYPE_ORDER = sql.raw(`ARRAY[${TEMPLATE_PROMPT_TYPES.map((type) => `'${type}'`).join(',')}]::text[]`);

/** ORDER BY term: a theme's entries in the Template Editor's order (Selection, Image, Text Post). */
export const editorOrder = sql`array_position(${TYPE_ORDER}, ${templateEntries.promptType})`;
