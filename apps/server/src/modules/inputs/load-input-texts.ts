import { INPUT_MESSAGES, INPUT_PROMPT_LIMITS } from '@sales-assist/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { inputs } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { cutText, fairShares } from './cut-text';

export type InputText = { id: number; name: string; text: string };

/** Texts for a prompt: each at most `eachChars`, together at most `totalChars` (contract INPUT_PROMPT_LIMITS). */
export type InputTextLimits = { eachChars: number; totalChars: number };

/**
 * The chosen text inputs of `userId`, in the order asked (a repeated id counts once), cut to a size a
 * prompt can hold: each to `eachChars` and all together to `totalChars` (6,000 and 12,000 characters by
 * default, about 3,000 tokens), shared fairly. Throws 404 "Input not found" when any id is unknown or
 * another user's (the generation must not start), and 400 when one is an image.
 * Used by every generation (modules/content/generation-context.ts).
 */
export const loadInputTexts = async (
  db: DbOrTx,
  userId: string,
  ids: readonly number[],
  limits: InputTextLimits = INPUT_PROMPT_LIMITS,
): Promise<InputText[]> => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  // Only the part a prompt can use leaves the database, not texts of up to 200,000 characters.
  const rows = await db
    .select({
      id: inputs.id,
      name: inputs.name,
      kind: inputs.kind,
      text: sql<string | null>`left(${inputs.text}, ${limits.eachChars + 1})`,
    })
    .from(inputs)
    .where(and(eq(inputs.userId, userId), inArray(inputs.id, wanted)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = wanted.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(INPUT_MESSAGES.inputNotFound);
    if (row.kind !== 'text') throw new AppError(400, 'validation_error', INPUT_MESSAGES.onlyTexts);
    return { id: row.id, name: row.name, text: cutText(row.text ?? '', limits.eachChars) };
  });
  const shares = fairShares(
    found.map((input) => input.text.length),
    limits.totalChars,
  );
  return found.map((input, index) => ({ ...input, text: cutText(input.text, shares[index] ?? 0) }));
};
