import { LINKEDIN_MESSAGES, type TSearchResultResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../../app-deps';
import { type LeadImportMethod, type LeadImportOptions, searchImports } from '../../../db/schema';
import { isUniqueViolation } from '../../../db/unique-violation';
import { AppError, conflict } from '../../../http/errors';
import { claimListForImport } from '../../leads/claim-list-for-import';
import { findLinkedInAccount, isUsable } from '../outreach-account';

export const linkedinExpired = (): AppError =>
  new AppError(409, 'linkedin_session_expired', LINKEDIN_MESSAGES.sessionExpired, { expired: true });

export type ImportRequest = {
  method: LeadImportMethod;
  /** Already checked by the caller for its method. */
  url: string;
  options: LeadImportOptions;
  listName: string;
};

/**
 * Checks the LinkedIn session, claims the list and queues the import; the job then reads LinkedIn at a
 * careful pace. One automation per LinkedIn account at a time, whatever the method.
 */
export const queueImport = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  userId: string,
  input: ImportRequest,
): Promise<TSearchResultResponse> => {
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
      const { list, created, statusBefore } = await claimListForImport(tx, userId, input.listName, now);
      const [row] = await tx
        .insert(searchImports)
        .values({
          userId,
          accountId: account.id,
          listId: list.id,
          method: input.method,
          searchUrl: input.url,
          options: input.options,
          listCreated: created,
          listStatusBefore: statusBefore,
          createdAt: now,
        })
        .returning({ id: searchImports.id });
      if (!row) throw new Error('queueImport: insert returned nothing');
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
