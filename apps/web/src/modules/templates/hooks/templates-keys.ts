export const TEMPLATES_DATA_KEY = ['admin', 'templates-data'] as const;
export const PROMPT_LIST_KEY = ['prompts', 'list'] as const;
