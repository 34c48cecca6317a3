import {
  KEYWORD_LIST_MAX,
  KEYWORD_MESSAGES,
  type TCreateKeywordListRequest,
  type TKeywordListResponse,
  type TKeywordListsResponse,
  type TUpdateKeywordListRequest,
  ZCreateKeywordListRequest,
  ZUpdateKeywordListRequest,
} from '@sales-assist/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contentItems } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findOwnKeywordList } from './find-keyword-list';
import {
  distinctKeywords,
  type KeywordListData,
  keywordListBody,
  keywordListOf,
  keywordListSummaryOf,
  keywordsOf,
  keywordTextKey,
} from './keyword-list-view';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The Keywords screen's saved lists panel shows at most this many, newest first. */
const LISTS_SHOWN = 200;

export const listKeywordLists = async (
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<TKeywordListsResponse> => {
  const rows = await deps.db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.userId, userId), eq(contentItems.kind, 'keywords')))
    .orderBy(desc(contentItems.createdAt), desc(contentItems.id))
    .limit(LISTS_SHOWN);
  return { lists: rows.map(keywordListSummaryOf) };
};

export const getKeywordList = async (deps: Pick<AppDeps, 'db'>, userId: string, id: number) => ({
  list: keywordListOf(await findOwnKeywordList(deps.db, userId, id)),
});

/** Saves the keywords the user picked as a list (a content item of kind 'keywords': History shows it). */
export const createKeywordList = async (
  deps: Deps,
  userId: string,
  input: TCreateKeywordListRequest,
): Promise<TKeywordListResponse> => {
  const request = ZCreateKeywordListRequest.parse(input);
  const keywords = distinctKeywords(request.keywords);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(contentItems)
    .values({
      userId,
      kind: 'keywords',
      status: 'ready',
      progress: 100,
      title: request.name,
      body: keywordListBody(keywords),
      data: { keywords } satisfies KeywordListData,
      writer: request.writer,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { message: KEYWORD_MESSAGES.saved, list: keywordListOf(row) };
};

/**
 * Renames a list and adds or removes keywords in one change: an added keyword already in the list
 * replaces it in place, removals match letter case and spacing loosely. The row is locked, so two
 * edits at once both count.
 */
export const updateKeywordList = async (
  deps: Deps,
  userId: string,
  id: number,
  input: TUpdateKeywordListRequest,
): Promise<TKeywordListResponse> => {
  const request = ZUpdateKeywordListRequest.parse(input);
  return deps.db.transaction(async (tx) => {
    const row = await findOwnKeywordList(tx, userId, id, { forUpdate: true });
    const removed = new Set(request.remove.map(keywordTextKey));
    const keywords = distinctKeywords([...keywordsOf(row), ...request.add]).filter(
      (keyword) => !removed.has(keywordTextKey(keyword.text)),
    );
    if (keywords.length > KEYWORD_LIST_MAX)
      throw new AppError(400, 'list_too_long', KEYWORD_MESSAGES.listTooLong);
    if (keywords.length === 0) throw new AppError(400, 'list_empty', KEYWORD_MESSAGES.listEmpty);
    const [updated] = await tx
      .update(contentItems)
      .set({
        title: request.name ?? row.title,
        body: keywordListBody(keywords),
        data: { ...row.data, keywords } satisfies KeywordListData,
        updatedAt: deps.clock.now(),
      })
      .where(eq(contentItems.id, row.id))
      .returning();
    if (!updated) throw new Error('update returned no row');
    return { message: KEYWORD_MESSAGES.updated, list: keywordListOf(updated) };
  });
};

export const deleteKeywordList = async (deps: Pick<AppDeps, 'db'>, userId: string, id: number) => {
  const row = await findOwnKeywordList(deps.db, userId, id);
  await deps.db.delete(contentItems).where(eq(contentItems.id, row.id));
  return { message: KEYWORD_MESSAGES.deleted };
};
