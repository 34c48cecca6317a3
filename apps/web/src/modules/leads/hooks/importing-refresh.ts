import type { TList } from '@sales-assist/contract';

/** How often lists that are importing are asked again, until none is. */
export const IMPORTING_REFRESH_MS = 2000;

/** A refetchInterval: keep asking while any list on screen says "Importing...". */
export const whileImporting = (query: { state: { data?: { lists: TList[] } | undefined } }) =>
  query.state.data?.lists.some((list) => list.status === 'Importing...') ? IMPORTING_REFRESH_MS : false;
