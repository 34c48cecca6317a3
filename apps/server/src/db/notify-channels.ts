/** The channel the sessions and users triggers notify on (migration 0010_caller_invalidation). */
export const CALLER_CHANGED_CHANNEL = 'caller_changed';

/** The channel the lists, leads and import_jobs triggers notify on (migration 0013_list_pages_invalidation). */
export const LIST_PAGES_CHANGED_CHANNEL = 'list_pages_changed';

/**
 * Every channel the database's triggers notify on. Each pooled PostgreSQL connection listens on all of them
 * from the moment it connects (open-database.ts), so the list is fixed here rather than grown at run time.
 */
export const NOTIFY_CHANNELS = [CALLER_CHANGED_CHANNEL, LIST_PAGES_CHANGED_CHANNEL] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
