/** Query keys of the Leads section; everything under LEADS_KEY is refreshed after a change. */
export const LEADS_KEY = ['leads'] as const;
export const LISTS_KEY = [...LEADS_KEY, 'lists'] as const;
export const LIST_OPTIONS_KEY = [...LEADS_KEY, 'list-options'] as const;
export const ALL_LEADS_KEY = [...LEADS_KEY, 'all-leads'] as const;
export const IMPORT_STATUS_KEY = [...LEADS_KEY, 'import-status'] as const;
