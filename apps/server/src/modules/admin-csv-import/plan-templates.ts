import {
  BUNDLED_FONT_FAMILIES,
  INFOGRAPHIC_LAYOUT_LABELS,
  INFOGRAPHIC_LAYOUTS,
  INFOGRAPHIC_SIZES,
  TEMPLATE_PROMPT_TYPES,
  type TInfographicDesign,
  type TInfographicFont,
  type TTemplatePromptType,
  ZCreateInfographicThemeRequest,
  ZInfographicDesign,
} from '@sales-assist/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { infographicThemes } from '../../db/schema';
import { AppError } from '../../http/errors';
import { assertDesignAssets } from '../infographics/design-assets-check';
import { loadPromptFacts, templatePromptProblem } from '../templates/template-prompt-check';
import type { ImportRow } from './import-file';
import { type ImportPlan, lineErrors, type PlannedRow, parseId } from './import-plan';

export type PlannedTheme = PlannedRow & {
  design: TInfographicDesign;
  promptIds: Record<TTemplatePromptType, number | null>;
};

const COLOR_COLUMNS = ['background', 'surface', 'text', 'accent', 'muted'] as const;
const PROMPT_COLUMNS = {
  selection: 'selection_promptid',
  image: 'image_promptid',
  text_post: 'text_post_promptid',
} as const satisfies Record<TTemplatePromptType, string>;

/** A layout by its key ("big_number") or its label ("Big number"), in any letter case. */
const layoutOf = (text: string) => {
  const wanted = text.trim().toLowerCase();
  return INFOGRAPHIC_LAYOUTS.find(
    (layout) => layout === wanted || INFOGRAPHIC_LAYOUT_LABELS[layout].toLowerCase() === wanted,
  );
};

/** A font cell: a bundled family by name (any case) or an uploaded font's asset id; empty: Inter. */
const fontOf = (text: string): TInfographicFont | undefined => {
  if (text === '') return { bundled: 'Inter' };
  const id = parseId(text);
  if (id) return { asset_id: id };
  const family = BUNDLED_FONT_FAMILIES.find((name) => name.toLowerCase() === text.toLowerCase());
  return family ? { bundled: family } : undefined;
};

const YES = ['yes', 'true', '1', 'y'];
const NO = ['no', 'false', '0', 'n'];

/**
 * The themes a file creates, each with its design and its three prompt ids, checked as the Template
 * Editor and Infographics check them: a name within Infographics' rules, not used
 * by another theme (any letter case, nor twice in the file), a layout, a size, five colours like
 * #1A2B3C, bundled fonts or uploaded font ids, a background picture that exists, and prompt ids that
 * exist, are in service and have the purpose of their step (empty or 0: the current prompt).
 * `lockPrompts`: at save time the named prompts stay locked until the import commits.
 */
export const planTemplates = async (
  db: DbOrTx,
  rows: ImportRow[],
  options: { lockPrompts?: boolean } = {},
): Promise<ImportPlan<PlannedTheme>> => {
  const names = await db
    .select({ id: infographicThemes.id, name: infographicThemes.name })
    .from(infographicThemes);
  const takenNames = new Map(names.map((theme) => [theme.name.toLowerCase(), theme]));
  const promptIdsNamed = rows.flatMap((row) =>
    TEMPLATE_PROMPT_TYPES.flatMap((type) => {
      const id = parseId(row.cells[PROMPT_COLUMNS[type]] ?? '');
      return id ? [id] : [];
    }),
  );
  const facts = await loadPromptFacts(db, promptIdsNamed, { lock: options.lockPrompts ?? false });
  const errors: ImportPlan<PlannedTheme>['errors'] = [];
  const planned: PlannedTheme[] = [];
  const namesInFile = new Map<string, number>();

  for (const row of rows) {
    const fail = lineErrors(errors, row.line);
    const before = errors.length;
    const name = row.cells.theme ?? '';
    // The name is held to Infographics' own rule (the contract's create request).
    const nameCheck = ZCreateInfographicThemeRequest.shape.name.safeParse(name);
    if (!nameCheck.success) fail(`theme: ${nameCheck.error.issues[0]?.message}`);
    else {
      const holder = takenNames.get(name.toLowerCase());
      if (holder) fail(`a theme named "${holder.name}" already exists (theme id ${holder.id})`);
      const earlier = namesInFile.get(name.toLowerCase());
      if (earlier !== undefined) fail(`the theme "${name}" is on line ${earlier} already`);
      else namesInFile.set(name.toLowerCase(), row.line);
    }

    const layout = layoutOf(row.cells.layout ?? '');
    if (!layout)
      fail(`layout must be one of ${INFOGRAPHIC_LAYOUTS.join(', ')} (found "${row.cells.layout ?? ''}")`);
    const size = row.cells.size || '1080x1080';
    if (!(INFOGRAPHIC_SIZES as readonly string[]).includes(size)) {
      fail(`size must be one of ${INFOGRAPHIC_SIZES.join(', ')} (found "${size}")`);
    }
    for (const column of COLOR_COLUMNS) {
      if (!/^#[0-9a-fA-F]{6}$/.test(row.cells[column] ?? '')) {
        fail(`${column} must be a colour like #1A2B3C (found "${row.cells[column] ?? ''}")`);
      }
    }
    const headingFont = fontOf(row.cells.heading_font ?? '');
    const bodyFont = fontOf(row.cells.body_font ?? '');
    for (const [column, font] of [
      ['heading_font', headingFont],
      ['body_font', bodyFont],
    ] as const) {
      if (!font) {
        fail(`${column} must be one of ${BUNDLED_FONT_FAMILIES.join(', ')} or the id of an uploaded font`);
      }
    }
    const footerCell = (row.cells.show_footer ?? '').toLowerCase();
    if (footerCell && !YES.includes(footerCell) && !NO.includes(footerCell)) {
      fail(`show_footer must be yes or no (found "${row.cells.show_footer}")`);
    }
    const backgroundId = parseId(row.cells.background_asset_id ?? '');
    if (backgroundId === undefined || backgroundId === 0) {
      fail(
        `background_asset_id must be the id of an uploaded picture, or empty (found "${row.cells.background_asset_id}")`,
      );
    }

    const promptIds = {} as PlannedTheme['promptIds'];
    for (const type of TEMPLATE_PROMPT_TYPES) {
      const column = PROMPT_COLUMNS[type];
      const id = parseId(row.cells[column] ?? '');
      if (id === undefined) {
        fail(`${column} must be a prompt id, 0 or empty (found "${row.cells[column]}")`);
        continue;
      }
      promptIds[type] = id || null;
      if (!id) continue;
      const problem = templatePromptProblem(type, id, facts.get(id));
      if (problem) fail(`${column}: ${problem.message}`);
    }

    if (errors.length !== before || !layout || !headingFont || !bodyFont) continue;
    const parsed = ZInfographicDesign.safeParse({
      layout,
      size,
      colors: Object.fromEntries(COLOR_COLUMNS.map((column) => [column, row.cells[column]])),
      heading_font: headingFont,
      body_font: bodyFont,
      background_asset_id: backgroundId ?? null,
      show_footer: !NO.includes(footerCell),
    });
    if (!parsed.success) {
      fail(parsed.error.issues[0]?.message ?? 'the design is not valid');
      continue;
    }
    try {
      await assertDesignAssets(db, parsed.data);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      fail(error.message);
      continue;
    }
    planned.push({
      line: row.line,
      action: 'create',
      name,
      cells: row.cells,
      design: parsed.data,
      promptIds,
    });
  }
  return { rows: planned, errors };
};

/** Serialises imports of themes: a second import waits for the first to commit, then sees its names. */
export const lockThemesForImport = (db: DbOrTx) =>
  db.execute(sql`LOCK TABLE ${infographicThemes} IN SHARE ROW EXCLUSIVE MODE`);
