/** Query keys of the Keywords screen; everything under KEYWORDS_KEY is refreshed after a change. */
export const KEYWORDS_KEY = ['keywords'] as const;
export const KEYWORD_LISTS_KEY = [...KEYWORDS_KEY, 'lists'] as const;
export const keywordListKey = (id: number) => [...KEYWORD_LISTS_KEY, id] as const;
export const METRICS_PROVIDER_KEY = [...KEYWORDS_KEY, 'metrics-provider'] as const;
