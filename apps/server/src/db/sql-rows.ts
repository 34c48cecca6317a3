/** node-postgres and PGlite both answer `execute` with `{ rows }`; drizzle types it per driver. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
