import {
  TEMPLATE_EDITOR_MESSAGES,
  type TTemplatePromptType,
  type TUpdateTemplatesDataBody,
  type TUpdateTemplatesDataResponse,
} from '@sales-assist/contract';
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { infographicThemes, templateEntries } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { listTemplatesData } from './list-templates-data';
import { loadPromptFacts, templatePromptProblem } from './template-prompt-check';

/**
 * Spec §7 PUT /update-templates-data: the Template Editor's Save. `ids` are the three entries of one
 * theme (one per prompt type, any order) and `prompt_ids` their new prompts in the same order; 0 or null
 * clears an entry (its step then uses the current prompt of its purpose). Every check comes before any
 * write, in one transaction that holds the entries FOR UPDATE and the named prompts FOR SHARE: either
 * all three change or none, and a prompt cannot be retired between the check and the write.
 */
export const updateTemplatesData = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  callerId: string,
  body: TUpdateTemplatesDataBody,
): Promise<TUpdateTemplatesDataResponse> =>
  deps.db.transaction(async (tx) => {
    if (new Set(body.ids).size !== body.ids.length) {
      throw new AppError(400, 'validation_error', 'ids must name three different template entries');
    }
    const entries = await tx
      .select({
        id: templateEntries.id,
        themeId: templateEntries.themeId,
        promptType: templateEntries.promptType,
      })
      .from(templateEntries)
      .where(inArray(templateEntries.id, body.ids))
      .orderBy(templateEntries.id)
      .for('update');
    const missing = body.ids.filter((id) => !entries.some((entry) => entry.id === id));
    if (missing.length > 0) {
      throw notFound(
        `Template ${missing.length > 1 ? 'entries' : 'entry'} ${missing.join(', ')} ${missing.length > 1 ? 'do' : 'does'} not exist`,
      );
    }
    const themeIds = [...new Set(entries.map((entry) => entry.themeId))].sort((a, b) => a - b);
    if (themeIds.length > 1) {
      throw new AppError(
        400,
        'mixed_themes',
        `The three entries must belong to one theme; these belong to themes ${themeIds.join(' and ')}`,
      );
    }
    const themeId = themeIds[0] as number;
    // One entry per (theme, type) is a unique index, so three different entries of one theme are its
    // three types; the check stays for a theme missing one of them.
    if (new Set(entries.map((entry) => entry.promptType)).size !== 3) {
      throw new AppError(
        400,
        'validation_error',
        'ids must be the Selection, Image and Text Post entries of the theme',
      );
    }
    const [theme] = await tx
      .select({ name: infographicThemes.name, retiredAt: infographicThemes.retiredAt })
      .from(infographicThemes)
      .where(eq(infographicThemes.id, themeId));
    if (!theme) throw notFound(`Theme ${themeId} does not exist`);
    if (theme.retiredAt)
      throw conflict(`The theme "${theme.name}" is retired; bring it back before editing it`);

    const wanted = body.ids.map((id, index) => {
      const entry = entries.find((row) => row.id === id);
      const promptId = body.prompt_ids[index] || null;
      return { id, type: entry?.promptType as TTemplatePromptType, promptId };
    });
    const named = wanted.flatMap((entry) => (entry.promptId === null ? [] : [entry.promptId]));
    const facts = await loadPromptFacts(tx, named, { lock: true });
    for (const entry of wanted) {
      if (entry.promptId === null) continue;
      const problem = templatePromptProblem(entry.type, entry.promptId, facts.get(entry.promptId));
      if (problem) {
        throw new AppError(400, problem.error, problem.message, {
          prompt_id: entry.promptId,
          prompt_type: entry.type,
        });
      }
    }

    const now = deps.clock.now();
    for (const entry of wanted) {
      await tx
        .update(templateEntries)
        .set({ promptId: entry.promptId, updatedBy: callerId, updatedAt: now })
        .where(eq(templateEntries.id, entry.id));
    }
    return { message: TEMPLATE_EDITOR_MESSAGES.updated, entries: await listTemplatesData(tx, themeId) };
  });
