import { PROMPT_PURPOSES, PURPOSE_VARIABLES, type TAdminPrompt } from '@sales-assist/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/open-database';
import { prompts, users } from '../../db/schema';
import { notFound } from '../../http/errors';

export const PROMPT_NOT_FOUND = 'Prompt not found';

const newer = alias(prompts, 'newer');

/** Purposes in the contract's order (blog topics first), each a fixed word of ours, safe to inline. */
const PURPOSE_ORDER = sql.raw(`ARRAY[${PROMPT_PURPOSES.map((purpose) => `'${purpose}'`).join(',')}]::text[]`);

/**
 * Prompts as Prompts Management shows them, with who wrote the current version and whether it is the
 * one in use (current-prompt.ts: no newer prompt of its purpose that is not retired).
 */
export const adminPrompts = async (db: DbOrTx, onlyId?: number): Promise<TAdminPrompt[]> => {
  const newerInUse = db
    .select({ one: sql`1` })
    .from(newer)
    .where(
      and(eq(newer.purpose, prompts.purpose), isNull(newer.retiredAt), sql`${newer.id} > ${prompts.id}`),
    );
  const rows = await db
    .select({
      prompt: prompts,
      updatedBy: users.email,
      inUse: sql<boolean>`(${prompts.retiredAt} IS NULL AND NOT EXISTS (${newerInUse}))`,
    })
    .from(prompts)
    .leftJoin(users, eq(users.id, prompts.updatedBy))
    .where(onlyId === undefined ? undefined : eq(prompts.id, onlyId))
    .orderBy(sql`array_position(${PURPOSE_ORDER}, ${prompts.purpose})`, asc(prompts.id));
  return rows.map(({ prompt, updatedBy, inUse }) => ({
    id: prompt.id,
    name: prompt.name,
    purpose: prompt.purpose,
    text: prompt.text,
    variables: prompt.variables,
    allowed_variables: [...PURPOSE_VARIABLES[prompt.purpose]],
    version: prompt.version,
    built_in: prompt.builtIn,
    retired: prompt.retiredAt !== null,
    retired_at: prompt.retiredAt?.toISOString() ?? null,
    in_use: Boolean(inUse),
    updated_at: prompt.updatedAt.toISOString(),
    updated_by: updatedBy,
  }));
};

/** One prompt as Prompts Management shows it, or 404. */
export const adminPrompt = async (db: DbOrTx, id: number): Promise<TAdminPrompt> => {
  const [prompt] = await adminPrompts(db, id);
  if (!prompt) throw notFound(PROMPT_NOT_FOUND);
  return prompt;
};
