/** The calendar's queries: every visible range under one key, so a change refreshes whichever is shown. */
export const SCHEDULE_KEY = ['schedule'] as const;
export const scheduleRangeKey = (from: string, to: string) => [...SCHEDULE_KEY, 'range', from, to] as const;
export const scheduleItemKey = (id: number) => [...SCHEDULE_KEY, 'item', id] as const;
