import {
  CSV_IMPORT_MAX_ERRORS,
  type TCsvImportKind,
  type TCsvLineError,
  type TCsvSaveResponse,
} from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/errors';
import { createTheme } from '../infographics/create-theme';
import { createPrompt } from '../prompts/create-prompt';
import { updatePrompt } from '../prompts/update-prompt';
import type { ImportFile } from './import-file';
import { lockPromptsForImport, type PlannedPrompt, planPrompts } from './plan-prompts';
import { lockThemesForImport, type PlannedTheme, planTemplates } from './plan-templates';

/** The file is refused for its lines: nothing was saved. */
const refusedLines = (errors: TCsvLineError[]): AppError =>
  new AppError(
    400,
    'invalid_rows',
    `${errors.length === 1 ? 'One line stops' : `${errors.length} lines stop`} the import; nothing was saved. Correct ${errors.length === 1 ? 'it' : 'them'} and upload the file again.`,
    {
      errors: errors.slice(0, CSV_IMPORT_MAX_ERRORS),
      more_errors: Math.max(0, errors.length - CSV_IMPORT_MAX_ERRORS),
    },
  );

/** A refusal of the prompts or infographics module while saving a row, as that row's error. */
const asLineError = (line: number, error: unknown): AppError => {
  if (!(error instanceof AppError) || error.status >= 500) return error as AppError;
  return refusedLines([{ line, message: `line ${line}: ${error.message}` }]);
};

const countsMessage = (kind: TCsvImportKind, created: number, updated: number): string => {
  const total = created + updated;
  const noun =
    kind === 'prompts' ? (total === 1 ? 'prompt' : 'prompts') : total === 1 ? 'template' : 'templates';
  return kind === 'prompts'
    ? `Imported ${total} ${noun}: ${created} created, ${updated} updated`
    : `Imported ${total} ${noun}`;
};

/**
 * Upload CSV's Save: the file checked again and imported in ONE transaction, all or nothing. The table
 * it writes is locked against other imports first (reads go on), so what the check saw is what is
 * saved. Prompts go through the prompts module's create and update (names, text checks, versions
 * kept in the history); themes through the infographics module's createTheme (a savepoint each).
 */
export const saveImport = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  callerId: string,
  kind: TCsvImportKind,
  file: ImportFile,
): Promise<TCsvSaveResponse> =>
  deps.db.transaction(async (tx) => {
    const items: TCsvSaveResponse['items'] = [];
    if (kind === 'prompts') {
      await lockPromptsForImport(tx);
      const plan = await planPrompts(tx, file.rows);
      if (plan.errors.length > 0) throw refusedLines(plan.errors);
      const inTx = { db: tx, clock: deps.clock };
      for (const row of plan.rows as PlannedPrompt[]) {
        try {
          const saved = row.existing
            ? await updatePrompt(inTx, callerId, row.existing.id, {
                name: row.name,
                text: row.text,
                version: row.existing.version,
              })
            : await createPrompt(inTx, callerId, { name: row.name, purpose: row.purpose, text: row.text });
          items.push({
            line: row.line,
            id: saved.prompt.id,
            name: saved.prompt.name,
            action: row.existing ? 'updated' : 'created',
          });
        } catch (error) {
          throw asLineError(row.line, error);
        }
      }
    } else {
      await lockThemesForImport(tx);
      const plan = await planTemplates(tx, file.rows, { lockPrompts: true });
      if (plan.errors.length > 0) throw refusedLines(plan.errors);
      for (const row of plan.rows as PlannedTheme[]) {
        try {
          const created = await createTheme(tx, {
            name: row.name,
            design: row.design,
            createdBy: callerId,
            promptIds: row.promptIds,
          });
          items.push({ line: row.line, id: created.id, name: row.name, action: 'created' });
        } catch (error) {
          throw asLineError(row.line, error);
        }
      }
    }
    const created = items.filter((item) => item.action === 'created').length;
    const updated = items.length - created;
    return { message: countsMessage(kind, created, updated), kind, created, updated, items };
  });
