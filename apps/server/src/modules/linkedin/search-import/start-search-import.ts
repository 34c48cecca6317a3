import { LINKEDIN_MESSAGES, type TSearchResultResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../../app-deps';
import { searchImports } from '../../../db/schema';
import { AppError, conflict } from '../../../http/errors';
import { InvalidSearchUrlError, parsePeopleSearchUrl } from '../../../lib/linkedin';
import { claimListForImport } from '../../leads/claim-list-for-import';
import { isUniqueViolation } from '../../leads/unique-violation';
import { findLinkedInAccount, isUsable } from '../linkedin-account';

export const linkedinExpired = (): AppError =>
  new AppError(409, 'linkedin_session_expired', LINKEDIN_MESSAGES.sessionExpired, { expired: true });

/**
 * Checks the URL and the LinkedIn session, claims the list and queues the import; the job then pages
 * through the search at a careful pace. One automation per LinkedIn account at a time.
 */
export const startSearchImport = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  userId: string,
  input: { search_url: string; list_name: string },
): Promise<TSearchResultResponse> => {
  try {
    parsePeopleSearchUrl(input.search_url);
  } catch (error) {
    if (error instanceof InvalidSearchUrlError) {
      throw new AppError(400, 'invalid_search_url', LINKEDIN_MESSAGES.invalidSearchUrl);
    }
    throw error;
  }
  const account = await findLinkedInAccount(deps, userId);
  const now = deps.clock.now();
  if (!account || account.status === 'expired') throw linkedinExpired();
  if (!isUsable(account, now)) {
    throw new AppError(
      409,
      'linkedin_unavailable',
      account.statusReason ?? 'LinkedIn is not available right now',
    );
  }

  let importId: string;
  let listId: number;
  try {
    ({ importId, listId } = await deps.db.transaction(async (tx) => {
      const { list, created, statusBefore } = await claimListForImport(tx, userId, input.list_name, now);
      const [row] = await tx
        .insert(searchImports)
        .values({
          userId,
          accountId: account.id,
          listId: list.id,
          searchUrl: input.search_url,
          listCreated: created,
          listStatusBefore: statusBefore,
          createdAt: now,
        })
        .returning({ id: searchImports.id });
      if (!row) throw new Error('startSearchImport: insert returned nothing');
      return { importId: row.id, listId: list.id };
    }));
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'automation_in_progress', LINKEDIN_MESSAGES.automationInProgress);
    if (error instanceof AppError && error.code === 'conflict')
      throw conflict(LINKEDIN_MESSAGES.automationInProgress);
    throw error;
  }
  await deps.jobs.send('linkedin-search-import', { importId });
  return { message: LINKEDIN_MESSAGES.importStarted, expired: false, list_id: listId };
};
