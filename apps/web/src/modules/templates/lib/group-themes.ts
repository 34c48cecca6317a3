import { TEMPLATE_PROMPT_TYPES, type TTemplateEntry, type TTemplatePromptType } from '@sales-assist/contract';

/** One theme card: the theme and its three entries by prompt type. */
export type TThemeCard = {
  themeId: number;
  name: string;
  entries: Partial<Record<TTemplatePromptType, TTemplateEntry>>;
};

/** The entries of get-templates-data as one card per theme, in the order the server sent them. */
export const groupThemes = (entries: readonly TTemplateEntry[]): TThemeCard[] => {
  const cards = new Map<number, TThemeCard>();
  for (const entry of entries) {
    const card = cards.get(entry.theme_id) ?? { themeId: entry.theme_id, name: entry.theme, entries: {} };
    card.entries[entry.prompt_type] = entry;
    cards.set(entry.theme_id, card);
  }
  return [...cards.values()];
};

/** A card with all three entries can be edited (update-templates-data takes exactly three ids). */
export const isComplete = (card: TThemeCard): boolean =>
  TEMPLATE_PROMPT_TYPES.every((type) => card.entries[type] !== undefined);
