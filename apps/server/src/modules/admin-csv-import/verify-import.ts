import {
  CSV_IMPORT_MAX_ERRORS,
  CSV_IMPORT_PREVIEW_ROWS,
  type TCsvImportKind,
  type TCsvPreviewRow,
  type TCsvVerifyResponse,
} from '@sales-assist/contract';
import type { DbOrTx } from '../../db/open-database';
import type { ImportFile } from './import-file';
import type { ImportPlan, PlannedRow } from './import-plan';
import { planPrompts } from './plan-prompts';
import { planTemplates } from './plan-templates';

export const planImport = (
  db: DbOrTx,
  kind: TCsvImportKind,
  file: ImportFile,
  options: { lock?: boolean } = {},
): Promise<ImportPlan<PlannedRow>> =>
  kind === 'prompts'
    ? planPrompts(db, file.rows)
    : planTemplates(db, file.rows, { lockPrompts: options.lock ?? false });

const PREVIEW_CELL_MAX = 200;
const cut = (text: string) =>
  text.length > PREVIEW_CELL_MAX ? `${text.slice(0, PREVIEW_CELL_MAX - 1)}…` : text;

/** The first rows as read, each with what saving it would do. */
const previewOf = (kind: TCsvImportKind, file: ImportFile, plan: ImportPlan<PlannedRow>): TCsvPreviewRow[] =>
  file.rows.slice(0, CSV_IMPORT_PREVIEW_ROWS).map((row) => ({
    line: row.line,
    action:
      plan.rows.find((planned) => planned.line === row.line)?.action ??
      (kind === 'prompts' && row.cells.promptid ? 'update' : 'create'),
    cells: Object.fromEntries(Object.entries(row.cells).map(([column, value]) => [column, cut(value)])),
  }));

/** Spec-like "verify" step of Upload CSV: what Save would do with the file, and every line that stops it. */
export const verifyImport = async (
  db: DbOrTx,
  kind: TCsvImportKind,
  file: ImportFile,
): Promise<TCsvVerifyResponse> => {
  const plan = await planImport(db, kind, file);
  return {
    kind,
    rows: file.rows.length,
    creates: plan.rows.filter((row) => row.action === 'create').length,
    updates: plan.rows.filter((row) => row.action === 'update').length,
    columns: file.columns,
    errors: plan.errors.slice(0, CSV_IMPORT_MAX_ERRORS),
    more_errors: Math.max(0, plan.errors.length - CSV_IMPORT_MAX_ERRORS),
    preview: previewOf(kind, file, plan),
    ready: plan.errors.length === 0,
  };
};
