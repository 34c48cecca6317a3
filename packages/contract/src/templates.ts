import { TEMPLATE_PROMPT_TYPES, ZTemplateEntry } from './infographics';
import { INT4_MAX } from './leads';
import { z } from './messages';

/**
 * The Template Editor (spec §2, §5, §8) and Upload CSV (/admin/uploadcsv). The entries themselves and
 * the update body are in infographics.ts (shared with the renderer and Socials); this file holds what
 * only these two admin screens speak.
 */

/** Spec §8 "Admin": the Template Editor's own texts. */
export const TEMPLATE_EDITOR_MESSAGES = {
  updated: 'Updated',
  updateFailed: 'Error updating templates',
  loadFailed: 'Error fetching theme data',
  invalidNumber: 'Please enter valid number',
} as const;

/** PUT /api/update-templates-data: "Updated" and the theme's three entries as they are now. */
export const ZUpdateTemplatesDataResponse = z.object({
  message: z.literal(TEMPLATE_EDITOR_MESSAGES.updated),
  entries: z
    .array(ZTemplateEntry)
    .describe("the theme's three entries after the update, in the editor's order"),
});
export type TUpdateTemplatesDataResponse = z.infer<typeof ZUpdateTemplatesDataResponse>;

/**
 * Spec §5: a non-empty prompt id must parse as a number (else "Please enter valid number"); empty means
 * "the current prompt of the purpose" and is sent as 0. Answers the number, null for empty, or
 * undefined when the text is not a valid id (a whole number, 0 or more, that PostgreSQL can hold).
 */
export const parsePromptIdInput = (text: string): number | null | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= INT4_MAX ? value : undefined;
};

// ─── Upload CSV (/admin/uploadcsv) ──────────────────────────────────────────────────────────────────

/** What a CSV file imports: prompts (new or edited) or templates (new themes with their prompt ids). */
export const CSV_IMPORT_KINDS = ['prompts', 'templates'] as const;
export type TCsvImportKind = (typeof CSV_IMPORT_KINDS)[number];
export const CSV_IMPORT_KIND_LABELS: Record<TCsvImportKind, string> = {
  prompts: 'Prompts',
  templates: 'Templates',
};

/** A prompt import carries whole prompt texts (up to 20,000 characters each): 5 MB holds hundreds. */
export const CSV_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** One import is one transaction an admin checks by eye: more rows than this is a file to split. */
export const CSV_IMPORT_MAX_ROWS = 500;
/** Rows the verify step shows as a preview. */
export const CSV_IMPORT_PREVIEW_ROWS = 10;
/** Line errors the verify step lists (the count says how many more there are). */
export const CSV_IMPORT_MAX_ERRORS = 200;

/** The columns each kind reads (header names, any letter case; unknown columns are refused). */
export const CSV_IMPORT_COLUMNS = {
  prompts: {
    required: ['promptname', 'purpose', 'prompttext'],
    optional: ['promptid'],
  },
  templates: {
    required: ['theme', 'layout', 'background', 'surface', 'text', 'accent', 'muted'],
    optional: [
      'size',
      'heading_font',
      'body_font',
      'show_footer',
      'background_asset_id',
      'selection_promptid',
      'image_promptid',
      'text_post_promptid',
    ],
  },
} as const satisfies Record<TCsvImportKind, { required: readonly string[]; optional: readonly string[] }>;

export const ZCsvImportKindParams = z.object({ kind: z.enum(CSV_IMPORT_KINDS) });

export const ZCsvLineError = z.object({
  line: z
    .number()
    .int()
    .describe('the row as a spreadsheet numbers it: the header is line 1, the first data row line 2'),
  message: z.string().describe('e.g. "line 4: purpose must be one of …"'),
});
export type TCsvLineError = z.infer<typeof ZCsvLineError>;

export const ZCsvPreviewRow = z.object({
  line: z.number().int(),
  action: z.enum(['create', 'update']).describe('what saving does with the row'),
  cells: z
    .record(z.string(), z.string())
    .describe('the row by column, as read (long texts cut for the preview)'),
});
export type TCsvPreviewRow = z.infer<typeof ZCsvPreviewRow>;

/** POST /api/admin/upload-csv/:kind/verify: what saving the file would do, and every line that stops it. */
export const ZCsvVerifyResponse = z.object({
  kind: z.enum(CSV_IMPORT_KINDS),
  rows: z.number().int().describe('data rows in the file'),
  creates: z.number().int(),
  updates: z.number().int(),
  columns: z.array(z.string()).describe('the columns read, in the file’s order'),
  errors: z
    .array(ZCsvLineError)
    .describe(`the lines that stop the import (at most ${CSV_IMPORT_MAX_ERRORS})`),
  more_errors: z.number().int().describe('errors beyond those listed'),
  preview: z.array(ZCsvPreviewRow).describe(`the first ${CSV_IMPORT_PREVIEW_ROWS} rows`),
  ready: z.boolean().describe('no errors: Save will import every row'),
});
export type TCsvVerifyResponse = z.infer<typeof ZCsvVerifyResponse>;

export const ZCsvSavedItem = z.object({
  line: z.number().int(),
  id: z.number().int().describe('the promptid or theme_id'),
  name: z.string(),
  action: z.enum(['created', 'updated']),
});

/** POST /api/admin/upload-csv/:kind/save: everything imported, or nothing (then 400 with the line errors). */
export const ZCsvSaveResponse = z.object({
  message: z.string().describe('e.g. "Imported 3 prompts: 2 created, 1 updated"'),
  kind: z.enum(CSV_IMPORT_KINDS),
  created: z.number().int(),
  updated: z.number().int(),
  items: z.array(ZCsvSavedItem),
});
export type TCsvSaveResponse = z.infer<typeof ZCsvSaveResponse>;

/** A file refused because of its lines: nothing was saved. */
export const ZCsvImportErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  errors: z.array(ZCsvLineError).optional(),
  more_errors: z.number().int().optional(),
});
export type TCsvImportErrorBody = z.infer<typeof ZCsvImportErrorBody>;

/** A refused update: a prompt id that does not fit names the prompt and the step it was meant for. */
export const ZUpdateTemplatesDataErrorBody = z.object({
  error: z
    .string()
    .describe('unknown_prompt, retired_prompt, wrong_purpose, mixed_themes, validation_error, …'),
  message: z
    .string()
    .describe('e.g. "Prompt 12 is a Blog post prompt; the Text Post prompt must be a Social post prompt"'),
  prompt_id: z.number().int().optional(),
  prompt_type: z.enum(TEMPLATE_PROMPT_TYPES).optional(),
});
