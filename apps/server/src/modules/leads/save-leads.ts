import { createReadStream } from 'node:fs';
import { LEADS_MESSAGES, type TSaveLeadsResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';
import { type ImportJobRow, importJobs } from '../../db/schema';
import { AppError } from '../../http/errors';
import { claimListForImport } from './claim-list-for-import';
import { CsvFileError } from './csv/read-csv';
import { readLeads } from './csv/read-leads';
import { failStaleImports } from './import-jobs';
import type { SavedUpload } from './upload';

export const NO_USABLE_ROWS = 'No row of the file has a usable LinkedIn profile URL';
export const SALES_NAVIGATOR_ONLY =
  "Sales Navigator links cannot be opened as public profiles: export the leads' public profile URLs (linkedin.com/in/…) instead";

export const invalidFile = (message: string): AppError => new AppError(400, 'invalid_file', message);

/** The refusal of a file without a usable row: when its rows hold Sales Navigator links, why and what to do. */
export const noUsableRows = (salesNavigatorRows: number): AppError =>
  invalidFile(salesNavigatorRows > 0 ? SALES_NAVIGATOR_ONLY : NO_USABLE_ROWS);

/**
 * Reads only as far as the first usable row: a file the import cannot use is refused before any list
 * exists. Answers the records that are not data (the header and any notes above it).
 */
const checkFile = async (filePath: string): Promise<number> => {
  let recordsBeforeData = 1;
  let salesNavigator = 0;
  try {
    const rows = readLeads(createReadStream(filePath), {
      onHeader: (records) => {
        recordsBeforeData = records;
      },
    });
    for await (const row of rows) {
      if (row.lead) return recordsBeforeData;
      if (row.reason === 'sales-navigator') salesNavigator++;
    }
  } catch (error) {
    if (error instanceof CsvFileError) throw invalidFile(error.message);
    throw error;
  }
  throw noUsableRows(salesNavigator);
};

export type SaveLeadsInput = {
  userId: string;
  /** A list name: the caller's list of that name in any letter case, else a new list. */
  listName: string;
  upload: SavedUpload;
};

/**
 * Spec §3/§4 CSV import, first half: checks the uploaded file, then marks the list "Importing..." (a new
 * name creates it) and records the job. The caller runs the job in the background (runImport).
 */
export const saveLeads = async (
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: SaveLeadsInput,
): Promise<{ answer: TSaveLeadsResponse; job: ImportJobRow }> => {
  const rows = Math.max(0, input.upload.records - (await checkFile(input.upload.filePath)));
  await failStaleImports(deps, input.userId);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { list, created, statusBefore } = await claimListForImport(tx, input.userId, input.listName, now);
    const [job] = await tx
      .insert(importJobs)
      .values({
        userId: input.userId,
        listId: list.id,
        fileName: input.upload.fileName,
        filePath: input.upload.filePath,
        listCreated: created,
        statusBefore,
        total: rows,
        heartbeatAt: now,
        createdAt: now,
      })
      .returning();
    if (!job) throw new Error('saveLeads: the job insert returned nothing');
    return {
      answer: {
        message: created ? LEADS_MESSAGES.leadsUploaded : LEADS_MESSAGES.leadsUpdated,
        list_id: list.id,
        rows,
      },
      job,
    };
  });
};
