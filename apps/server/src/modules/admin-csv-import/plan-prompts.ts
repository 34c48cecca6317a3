import {
  checkPromptText,
  PROMPT_PURPOSE_LABELS,
  PROMPT_PURPOSES,
  type TPromptPurpose,
  ZCreatePromptRequest,
} from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { prompts } from '../../db/schema';
import type { ImportRow } from './import-file';
import { type ImportPlan, lineErrors, type PlannedRow, parseId } from './import-plan';

export type PlannedPrompt = PlannedRow & {
  purpose: TPromptPurpose;
  text: string;
  /** An update: the prompt and the version it is at (the save edits that version). */
  existing?: { id: number; version: number };
};

/** A purpose by its key ("social_post") or its label ("Social post"), in any letter case. */
const purposeOf = (text: string): TPromptPurpose | undefined => {
  const wanted = text.trim().toLowerCase();
  return PROMPT_PURPOSES.find(
    (purpose) => purpose === wanted || PROMPT_PURPOSE_LABELS[purpose].toLowerCase() === wanted,
  );
};

/**
 * The prompts a file creates (no promptid) or edits (promptid of an existing prompt), checked the way
 * Prompts Management checks them: a name and a text within the contract's create-request rules, unique in any letter
 * case (among the prompts and within the file), a known purpose, a text that passes checkPromptText for
 * it; an edit keeps its prompt's purpose and a built-in prompt's name. The save then goes through the
 * prompts module's own create and update (with their versioning), which check again.
 */
export const planPrompts = async (db: DbOrTx, rows: ImportRow[]): Promise<ImportPlan<PlannedPrompt>> => {
  const existing = await db
    .select({
      id: prompts.id,
      name: prompts.name,
      purpose: prompts.purpose,
      version: prompts.version,
      builtIn: prompts.builtIn,
    })
    .from(prompts)
    .orderBy(prompts.id);
  const byId = new Map(existing.map((prompt) => [prompt.id, prompt]));
  const byName = new Map(existing.map((prompt) => [prompt.name.toLowerCase(), prompt]));
  const errors: ImportPlan<PlannedPrompt>['errors'] = [];
  const planned: PlannedPrompt[] = [];
  const namesInFile = new Map<string, number>();
  const idsInFile = new Map<number, number>();

  for (const row of rows) {
    const fail = lineErrors(errors, row.line);
    const before = errors.length;
    const name = row.cells.promptname ?? '';
    const text = row.cells.prompttext ?? '';
    const purpose = purposeOf(row.cells.purpose ?? '');
    const id = parseId(row.cells.promptid ?? '');

    // Names and texts are held to Prompts Management's own rules (the contract's create request).
    const nameCheck = ZCreatePromptRequest.shape.name.safeParse(name);
    if (!nameCheck.success) fail(`promptname: ${nameCheck.error.issues[0]?.message}`);
    if (!purpose) {
      fail(
        row.cells.purpose
          ? `purpose must be one of ${PROMPT_PURPOSES.join(', ')} (found "${row.cells.purpose}")`
          : `purpose is empty; it must be one of ${PROMPT_PURPOSES.join(', ')}`,
      );
    }
    const textCheck = ZCreatePromptRequest.shape.text.safeParse(text);
    if (!textCheck.success) fail(`prompttext: ${textCheck.error.issues[0]?.message}`);
    else if (purpose) {
      const check = checkPromptText(text, purpose);
      if (!check.ok) fail(`prompttext: ${check.message}`);
    }

    let target: (typeof existing)[number] | undefined;
    if (id === undefined || id === 0) {
      fail(
        `promptid must be the id of a prompt to edit, or empty for a new prompt (found "${row.cells.promptid}")`,
      );
    } else if (id !== null) {
      target = byId.get(id);
      if (!target) fail(`there is no prompt ${id} to edit (leave promptid empty to create a new prompt)`);
      else if (purpose && target.purpose !== purpose) {
        fail(
          `prompt ${id} is a ${PROMPT_PURPOSE_LABELS[target.purpose]} prompt; its purpose cannot change to ${PROMPT_PURPOSE_LABELS[purpose]}`,
        );
      } else if (target.builtIn && name && name !== target.name) {
        fail(`prompt ${id} "${target.name}" is a built-in prompt and keeps its name`);
      }
      const earlier = idsInFile.get(id);
      if (earlier !== undefined) fail(`prompt ${id} is edited on line ${earlier} already`);
      else idsInFile.set(id, row.line);
    }

    if (name) {
      const holder = byName.get(name.toLowerCase());
      if (holder && holder.id !== target?.id) {
        fail(
          `a prompt named "${holder.name}" already exists (prompt ${holder.id}); give its promptid to edit it, or another name`,
        );
      }
      const earlier = namesInFile.get(name.toLowerCase());
      if (earlier !== undefined) fail(`the name "${name}" is used on line ${earlier} already`);
      else namesInFile.set(name.toLowerCase(), row.line);
    }

    if (errors.length === before && purpose) {
      planned.push({
        line: row.line,
        action: target ? 'update' : 'create',
        name,
        cells: row.cells,
        purpose,
        text,
        ...(target ? { existing: { id: target.id, version: target.version } } : {}),
      });
    }
  }
  return { rows: planned, errors };
};

/** Locks the prompts table's rows an import edits, so two imports (or an edit) cannot interleave. */
export const lockPromptsForImport = (db: DbOrTx) =>
  db.execute(sql`LOCK TABLE ${prompts} IN SHARE ROW EXCLUSIVE MODE`);
