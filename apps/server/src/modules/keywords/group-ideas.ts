import { KEYWORD_INTENTS, type TKeywordIdea, type TKeywordTheme } from '@sales-assist/contract';

const INTENT_ORDER = new Map(KEYWORD_INTENTS.map((intent, index) => [intent, index]));

/**
 * Ideas grouped by theme (case-insensitive), themes in the order of their most relevant idea, and in
 * each theme by intent (informational → navigational, the buyer's journey), then by relevance.
 */
export const groupByTheme = (ideas: readonly TKeywordIdea[]): TKeywordTheme[] => {
  const themes = new Map<string, TKeywordIdea[]>();
  for (const idea of ideas) {
    const key = idea.theme.toLowerCase() || idea.text;
    themes.set(key, [...(themes.get(key) ?? []), idea]);
  }
  return [...themes.entries()]
    .map(([theme, members]) => ({
      theme,
      ideas: [...members].sort(
        (a, b) =>
          (INTENT_ORDER.get(a.intent) ?? 0) - (INTENT_ORDER.get(b.intent) ?? 0) ||
          b.relevance - a.relevance ||
          a.text.localeCompare(b.text),
      ),
    }))
    .sort(
      (a, b) =>
        Math.max(...b.ideas.map((idea) => idea.relevance)) -
        Math.max(...a.ideas.map((idea) => idea.relevance)),
    );
};
