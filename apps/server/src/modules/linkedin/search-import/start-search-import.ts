import { LINKEDIN_MESSAGES, type TSearchResultResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../../app-deps';
import { AppError } from '../../../http/errors';
import { InvalidSearchUrlError, parsePeopleSearchUrl } from '../../../lib/clients/linkedin-gateway';
import { queueImport } from './queue-import';

/** search_result: checks the people-search URL, then queues the import like every LinkedIn import. */
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
  return queueImport(deps, userId, {
    method: 'search',
    url: input.search_url,
    options: {},
    listName: input.list_name,
  });
};
