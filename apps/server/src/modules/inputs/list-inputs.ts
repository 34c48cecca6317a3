import type { TInputsResponse, TInputsSummaryResponse } from '@sales-assist/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type InputKind, inputs } from '../../db/schema';
import { inputListColumns, inputView } from './input-view';

/** A page of the caller's inputs of one kind, newest first (page is zero-based). */
export const listInputs = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  query: { kind: InputKind; page: number; limit: number },
): Promise<TInputsResponse> => {
  const mine = and(eq(inputs.userId, userId), eq(inputs.kind, query.kind));
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(inputListColumns)
      .from(inputs)
      .where(mine)
      .orderBy(desc(inputs.createdAt), desc(inputs.id))
      .limit(query.limit)
      .offset(query.page * query.limit),
    deps.db.select({ value: count() }).from(inputs).where(mine),
  ]);
  return { inputs: rows.map(inputView), total: total?.value ?? 0 };
};

/** How many texts and images the caller has (the /inputs overview). */
export const inputsSummary = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<TInputsSummaryResponse> => {
  const rows = await deps.db
    .select({ kind: inputs.kind, value: count() })
    .from(inputs)
    .where(eq(inputs.userId, userId))
    .groupBy(inputs.kind);
  const of = (kind: InputKind): number => rows.find((row) => row.kind === kind)?.value ?? 0;
  return { texts: of('text'), images: of('image') };
};
