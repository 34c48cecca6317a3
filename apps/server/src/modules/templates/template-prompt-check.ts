import {
  PROMPT_PURPOSE_LABELS,
  TEMPLATE_PROMPT_PURPOSES,
  TEMPLATE_PROMPT_TYPE_LABELS,
  type TPromptPurpose,
  type TTemplatePromptType,
} from '@sales-assist/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { prompts } from '../../db/schema';

export type PromptFacts = { id: number; name: string; purpose: TPromptPurpose; retired: boolean };

/** "a Social post prompt", "an Infographic prompt". */
const withArticle = (label: string) => `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;

export type TemplatePromptProblem = {
  error: 'unknown_prompt' | 'retired_prompt' | 'wrong_purpose';
  message: string;
};

/**
 * The prompts of `ids` that exist, by id. `lock`: held FOR SHARE until the transaction ends, so a
 * prompt cannot be retired between this check and the write that names it (retiring locks it FOR
 * UPDATE and waits).
 */
export const loadPromptFacts = async (
  db: DbOrTx,
  ids: readonly number[],
  options: { lock?: boolean } = {},
): Promise<Map<number, PromptFacts>> => {
  if (ids.length === 0) return new Map();
  const query = db
    .select({ id: prompts.id, name: prompts.name, purpose: prompts.purpose, retiredAt: prompts.retiredAt })
    .from(prompts)
    .where(inArray(prompts.id, [...new Set(ids)]))
    .orderBy(prompts.id);
  const rows = options.lock ? await query.for('share') : await query;
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, purpose: row.purpose, retired: row.retiredAt !== null },
    ]),
  );
};

/**
 * Whether prompt `id` may drive a template's `type` step: it must exist, be in service, and have the
 * purpose the type names (contract TEMPLATE_PROMPT_PURPOSES). Null when it may; otherwise what is
 * wrong, in words that name the prompt and the step, e.g. "Prompt 12 is a Blog post prompt; the Text
 * Post prompt must be a Social post prompt". The Template Editor and Upload CSV both ask this.
 */
export const templatePromptProblem = (
  type: TTemplatePromptType,
  id: number,
  prompt: PromptFacts | undefined,
): TemplatePromptProblem | null => {
  const step = `the ${TEMPLATE_PROMPT_TYPE_LABELS[type]} prompt`;
  const wanted = withArticle(PROMPT_PURPOSE_LABELS[TEMPLATE_PROMPT_PURPOSES[type]]);
  if (!prompt) {
    return {
      error: 'unknown_prompt',
      message: `Prompt ${id} does not exist; ${step} must be ${wanted} prompt`,
    };
  }
  if (prompt.retired) {
    return {
      error: 'retired_prompt',
      message: `Prompt ${id} ("${prompt.name}") is retired; ${step} must be ${wanted} prompt in service`,
    };
  }
  if (prompt.purpose !== TEMPLATE_PROMPT_PURPOSES[type]) {
    return {
      error: 'wrong_purpose',
      message: `Prompt ${id} is ${withArticle(PROMPT_PURPOSE_LABELS[prompt.purpose])} prompt; ${step} must be ${wanted} prompt`,
    };
  }
  return null;
};
