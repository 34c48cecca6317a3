import { randomBytes } from 'node:crypto';
import { TEMPLATE_PROMPT_TYPES, type TTemplatePromptType, ZInfographicDesign } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/open-database';
import { infographicThemes, prompts, templateEntries } from '../../src/db/schema';

export type SeededTheme = {
  id: number;
  name: string;
  /** Template entry ids by prompt type. */
  entries: Record<TTemplatePromptType, number>;
};

/** A theme with its three template entries, straight in the database (the tests' own, uniquely named). */
export const seedTheme = async (
  db: DbOrTx,
  options: {
    name?: string;
    promptIds?: Partial<Record<TTemplatePromptType, number | null>>;
    retired?: boolean;
  } = {},
): Promise<SeededTheme> => {
  const name = options.name ?? `Test theme ${randomBytes(4).toString('hex')}`;
  const design = ZInfographicDesign.parse({
    layout: 'cards',
    colors: {
      background: '#FFFFFF',
      surface: '#F1F5F9',
      text: '#0F172A',
      accent: '#2563EB',
      muted: '#64748B',
    },
  });
  const [theme] = await db
    .insert(infographicThemes)
    .values({ name, design, retiredAt: options.retired ? new Date() : null })
    .returning({ id: infographicThemes.id });
  if (!theme) throw new Error('seedTheme: insert returned nothing');
  const rows = await db
    .insert(templateEntries)
    .values(
      TEMPLATE_PROMPT_TYPES.map((promptType) => ({
        themeId: theme.id,
        promptType,
        promptId: options.promptIds?.[promptType] ?? null,
      })),
    )
    .returning({ id: templateEntries.id, promptType: templateEntries.promptType });
  const entries = Object.fromEntries(rows.map((row) => [row.promptType, row.id])) as SeededTheme['entries'];
  return { id: theme.id, name, entries };
};

/** A prompt of `purpose` straight in the database (no version history needed here). */
export const seedPrompt = async (
  db: DbOrTx,
  purpose: (typeof prompts.$inferInsert)['purpose'],
  options: { name?: string; text?: string; retired?: boolean } = {},
): Promise<{ id: number; name: string; text: string }> => {
  const name = options.name ?? `Test prompt ${randomBytes(4).toString('hex')}`;
  const text = options.text ?? `Marker ${name}: write about {topic}.`;
  const [row] = await db
    .insert(prompts)
    .values({ purpose, name, text, variables: [], retiredAt: options.retired ? new Date() : null })
    .returning({ id: prompts.id });
  if (!row) throw new Error('seedPrompt: insert returned nothing');
  return { id: row.id, name, text };
};

export const retirePrompt = (db: DbOrTx, id: number) =>
  db.update(prompts).set({ retiredAt: new Date() }).where(eq(prompts.id, id));
