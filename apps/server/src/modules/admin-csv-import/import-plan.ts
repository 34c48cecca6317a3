import { INT4_MAX, type TCsvLineError } from '@sales-assist/contract';

/** What saving one row does. `run` performs it inside the import's transaction. */
export type PlannedRow = {
  line: number;
  action: 'create' | 'update';
  name: string;
  cells: Record<string, string>;
};

/** A file's rows as they would be saved, and every line error that stops the import. */
export type ImportPlan<Row extends PlannedRow> = { rows: Row[]; errors: TCsvLineError[] };

/** Collects the errors of one line, each as "line N: …". */
export const lineErrors = (errors: TCsvLineError[], line: number) => (message: string) => {
  errors.push({ line, message: `line ${line}: ${message}` });
};

/** A whole number id of at most PostgreSQL's integer, or undefined; empty is null. */
export const parseId = (text: string): number | null | undefined => {
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value <= INT4_MAX ? value : undefined;
};
