export const HISTORY_KEY = ['history'] as const;
