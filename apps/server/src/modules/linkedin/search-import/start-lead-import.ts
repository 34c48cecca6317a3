import type { TSearchResultResponse, ZLeadImportRequest } from '@sales-assist/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import type { LeadImportOptions } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { InvalidImportUrlError } from '../../../lib/clients/linkedin-gateway';
import { findOwnList } from '../../leads/find-list';
import { checkImportUrl } from './import-sources';
import { queueImport } from './queue-import';

type Input = z.output<typeof ZLeadImportRequest>;

const optionsOf = (input: Input): LeadImportOptions =>
  input.method === 'post_reactors'
    ? { reactions: input.reactions, comments: input.comments }
    : input.method === 'profile_network'
      ? { connections: input.connections, followers: input.followers }
      : {};

/**
 * lead_import: the dialog of one LinkedIn import method. Checks the page address for the method, finds
 * the list (by name, or the caller's own list by id), then queues the import like search_result.
 */
export const startLeadImport = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>,
  userId: string,
  input: Input,
): Promise<TSearchResultResponse> => {
  try {
    checkImportUrl(input.method, input.url);
  } catch (error) {
    if (error instanceof InvalidImportUrlError) throw new AppError(400, 'invalid_import_url', error.message);
    throw error;
  }
  const listName = input.list_name || (await findOwnList(deps.db, userId, input.list_id ?? 0)).name;
  return queueImport(deps, userId, {
    method: input.method,
    url: input.url,
    options: optionsOf(input),
    listName,
  });
};
