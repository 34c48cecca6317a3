import { z } from './messages';

/** Spec §4 list statuses, as the client shows them. */
export const LIST_STATUSES = ['Importing...', 'Error', 'Not in Campaign', 'In a campaign'] as const;
export const ZListStatus = z.enum(LIST_STATUSES);
export type TListStatus = z.infer<typeof ZListStatus>;

/** Spec §9: list and lead tables offer 10, 50 and 100 rows per page. */
export const LEAD_PAGE_SIZES = [10, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;
export const LIST_NAME_MAX = 100;
/** The largest CSV file accepted by verify_upload and save_leads (413 above it). */
export const MAX_CSV_BYTES = 50 * 1024 * 1024;
/** Column order of the sample CSV and of every export (spec §2 all-leads columns). */
export const LEAD_CSV_COLUMNS = [
  'Name',
  'Headline',
  'Location',
  'Company',
  'Connection Degree',
  'Source',
  'Linkedin URL',
  'Profile Image URL',
] as const;
/** The e-mail columns an export adds after LEAD_CSV_COLUMNS (empty for a lead never looked up or nobody found). */
export const LEAD_EMAIL_CSV_COLUMNS = ['Email', 'Email Status', 'Email Confidence'] as const;

export const LEADS_MESSAGES = {
  selectFile: 'Please select a file',
  selectCsvFile: 'Please select a csv file',
  selectList: 'Please select a list',
  leadsUploaded: 'Leads Uploaded',
  leadsUpdated: 'Leads Updated',
  listRenamed: 'List Renamed',
  listDeleted: 'List Deleted',
  importInterrupted: 'Import interrupted, please import the file again',
} as const;

const ZPage = z.coerce.number().int().min(0).default(0).describe('zero-based');
const ZPageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10);
/** The id of a row keyed by a bigserial (lists, leads, campaigns, content, inputs, schedule…). */
export const ZId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/**
 * PostgreSQL's integer (int4): the most a serial id or an integer column holds. A larger value cannot name
 * a row and must be refused before it reaches a query (the database would refuse it with an error).
 */
export const INT4_MAX = 2_147_483_647;
/** The id of a row keyed by a serial (int4): prompts, infographic themes, design assets, template entries. */
export const ZInt4Id = z.coerce.number().int().min(1).max(INT4_MAX);

export const ZListName = z
  .string('Please enter a list name')
  .trim()
  .min(1, 'Please enter a list name')
  .max(LIST_NAME_MAX, `List name must be at most ${LIST_NAME_MAX} characters`);

export const ZList = z.object({
  id: z.number().int(),
  name: z.string(),
  status: ZListStatus,
  message: z.string().describe('tooltip on the status: the error, or the import progress'),
  leadcount: z.number().int(),
});
export type TList = z.infer<typeof ZList>;

export const ZAllListsQuery = z.object({ page: ZPage, limit: ZPageSize });
export type TAllListsQuery = z.input<typeof ZAllListsQuery>;
export const ZAllListsResponse = z.object({ lists: z.array(ZList), total: z.number().int() });
export type TAllListsResponse = z.infer<typeof ZAllListsResponse>;

export const ZSearchListsQuery = z.object({
  query: z
    .string()
    .trim()
    .max(LIST_NAME_MAX, `query must be at most ${LIST_NAME_MAX} characters`)
    .default(''),
});
export type TSearchListsQuery = z.input<typeof ZSearchListsQuery>;
export const ZSearchListsResponse = z.object({ lists: z.array(ZList) });
export type TSearchListsResponse = z.infer<typeof ZSearchListsResponse>;

export const ZListOption = ZList.pick({ id: true, name: true, status: true, leadcount: true });
export type TListOption = z.infer<typeof ZListOption>;
export const ZFetchAllListsResponse = z.object({ lists: z.array(ZListOption) });
export type TFetchAllListsResponse = z.infer<typeof ZFetchAllListsResponse>;

export const ZRenameListRequest = z.object({ id: ZId, new_name: ZListName });
export type TRenameListRequest = z.input<typeof ZRenameListRequest>;

/** delete_list takes the id in the query string or in a JSON body. */
export const ZDeleteListInput = z.object({ id: ZId.optional() });
export type TDeleteListInput = z.input<typeof ZDeleteListInput>;
/** delete_list also takes its id in a JSON body, or none (then the query's). */
export const ZDeleteListBody = ZDeleteListInput.nullish();

export const ZListIdQuery = z.object({ id: ZId });
export type TListIdQuery = z.input<typeof ZListIdQuery>;

/** What an e-mail verifier says of an address (Hunter's Email Verifier `data.status`). */
export const EMAIL_STATUSES = ['valid', 'invalid', 'accept_all', 'webmail', 'disposable', 'unknown'] as const;
export const ZEmailStatus = z.enum(EMAIL_STATUSES);
export type TEmailStatus = z.infer<typeof ZEmailStatus>;

/** A lead's work e-mail as Find Email left it; null on a lead never looked up. */
export const ZLeadEmail = z.object({
  address: z.string().nullable().describe('null: the provider found nobody'),
  confidence: z.number().int().min(0).max(100).nullable().describe("the provider's confidence score"),
  status: ZEmailStatus.nullable().describe("the verifier's status of the address"),
  provider: z.string().describe('who found it, e.g. "hunter"'),
  checked_at: z.iso.datetime({ offset: true }),
});
export type TLeadEmail = z.infer<typeof ZLeadEmail>;

/** A lead's cells under LEAD_EMAIL_CSV_COLUMNS, the same in every export: empty when nobody was found. */
export const leadEmailCsvCells = (email: TLeadEmail | null): string[] =>
  email?.address
    ? [email.address, email.status ?? '', email.confidence === null ? '' : String(email.confidence)]
    : ['', '', ''];

/** Spec §3 Lead, field for field (names with spaces included), and the work e-mail Find Email found. */
export const ZLead = z.object({
  id: z.number().int(),
  isSelected: z.boolean(),
  'Profile Image URL': z.string().describe('"None" when the lead has no picture'),
  Name: z.string(),
  Headline: z.string(),
  Location: z.string(),
  Company: z.string(),
  'Connection Degree': z.string(),
  Source: z.string(),
  'Linkedin URL': z.string(),
  email: ZLeadEmail.nullable(),
});
export type TLead = z.infer<typeof ZLead>;

export const ZLeadsByListResponse = z.object({ leads: z.array(ZLead) });
export type TLeadsByListResponse = z.infer<typeof ZLeadsByListResponse>;

export const ZAllLeadsQuery = z.object({ page: ZPage, row: ZPageSize.describe('page size') });
export type TAllLeadsQuery = z.input<typeof ZAllLeadsQuery>;
export const ZAllLeadsResponse = z.object({ leads: z.array(ZLead), total: z.number().int() });
export type TAllLeadsResponse = z.infer<typeof ZAllLeadsResponse>;

export const ZSelectPeopleRequest = z.object({ id: ZId });
export type TSelectPeopleRequest = z.input<typeof ZSelectPeopleRequest>;
export const ZSelectPeopleResponse = z.object({ message: z.string(), isSelected: z.boolean() });
export type TSelectPeopleResponse = z.infer<typeof ZSelectPeopleResponse>;

export const ZVerifyUploadResponse = z.object({
  rows: z
    .number()
    .int()
    .describe('rows that will import: usable profile URL, duplicates in the file counted once'),
  skipped: z.number().int().describe('rows without a usable LinkedIn profile URL'),
  duplicates: z.number().int().describe('rows repeating a profile URL seen earlier in the file'),
});
export type TVerifyUploadResponse = z.infer<typeof ZVerifyUploadResponse>;

/** The text field of save_leads' multipart/form-data, beside the file part `file`. */
export const ZSaveLeadsForm = z.object({
  list: z
    .string(LEADS_MESSAGES.selectList)
    .trim()
    .min(1, LEADS_MESSAGES.selectList)
    .max(LIST_NAME_MAX, `List name must be at most ${LIST_NAME_MAX} characters`)
    .describe("a list name: the caller's list of that name (any letter case) gets the leads, or a new list"),
});
export type TSaveLeadsForm = z.input<typeof ZSaveLeadsForm>;
export const ZSaveLeadsResponse = z.object({
  message: z.enum([LEADS_MESSAGES.leadsUploaded, LEADS_MESSAGES.leadsUpdated]),
  list_id: z.number().int(),
  rows: z
    .number()
    .int()
    .describe('data rows in the file; the import goes on in the background (import_status)'),
});
export type TSaveLeadsResponse = z.infer<typeof ZSaveLeadsResponse>;

export const ZImportStatusQuery = z.object({ list_id: ZId });
export type TImportStatusQuery = z.input<typeof ZImportStatusQuery>;
export const ZImportStatusResponse = z.object({
  status: ZListStatus.describe(
    '"Importing..." while running, "Error" when the import failed, else the list status',
  ),
  processed: z.number().int().describe('data rows read so far'),
  total: z.number().int().describe('data rows in the file'),
  skipped: z.number().int().describe('rows without a usable LinkedIn profile URL'),
  imported: z.number().int().describe('leads added to the list (duplicates are not added again)'),
  message: z.string(),
  notice: z
    .string()
    .nullable()
    .describe(
      'what to know about a finished import besides its counts (rows with characters the file’s encoding could not read, rows skipped for a Sales Navigator link); null when nothing',
    ),
});
export type TImportStatusResponse = z.infer<typeof ZImportStatusResponse>;

/** The most leads one selection (and one list made from it) holds. */
export const SELECTION_MAX = 1000;
/** The most leads one Find Email call looks up (the screen sends a larger selection in turns). */
export const FIND_EMAILS_MAX = 25;

export const LEAD_OUTREACH_MESSAGES = {
  selectionFull: `You can select at most ${SELECTION_MAX.toLocaleString('en-US')} leads at once`,
  listCreated: 'List Created',
  leadNotFound: 'Lead not found',
  /** The plain statement when no e-mail finder is configured (the dialog and the 409 answer). */
  noEmailFinder:
    'Finding e-mails needs an e-mail finder: an administrator sets HUNTER_API_KEY (a Hunter.io API key) on the server to turn on Find Email. No address is guessed here.',
  noCredits: 'Finding e-mails costs 1 credit for each e-mail found, and you have no credits left.',
} as const;

export const ZLeadIds = (max: number) =>
  z
    .array(ZId, 'Select at least one lead')
    .min(1, 'Select at least one lead')
    .max(max, `At most ${max.toLocaleString('en-US')} leads at once`)
    .transform((ids) => [...new Set(ids)]);

export const ZListFromLeadsRequest = z.object({
  name: ZListName.optional().describe('defaults to "Outreach <date>" (with a number when taken)'),
  lead_ids: ZLeadIds(SELECTION_MAX),
});
export type TListFromLeadsRequest = z.input<typeof ZListFromLeadsRequest>;
export const ZListFromLeadsResponse = z.object({
  message: z.string(),
  list: ZListOption,
});
export type TListFromLeadsResponse = z.infer<typeof ZListFromLeadsResponse>;

export const ZEmailFinderStatus = z.object({
  provider: z.enum(['hunter']).nullable().describe('null: no e-mail finder is configured'),
  note: z.string().nullable().describe('what to set up, when none is configured'),
});
export type TEmailFinderStatus = z.infer<typeof ZEmailFinderStatus>;

export const ZFindEmailsRequest = z.object({ lead_ids: ZLeadIds(FIND_EMAILS_MAX) });
export type TFindEmailsRequest = z.input<typeof ZFindEmailsRequest>;

export const FIND_EMAIL_OUTCOMES = ['found', 'not_found', 'already_found', 'no_company', 'left_out'] as const;
export const ZFindEmailResult = z.object({
  lead_id: z.number().int(),
  outcome: z
    .enum(FIND_EMAIL_OUTCOMES)
    .describe(
      'found (1 credit); not_found; already_found (looked up before, not asked again); no_company (nothing to look in); left_out (the person asked the provider to stop processing their data)',
    ),
  email: ZLeadEmail.nullable(),
});
export type TFindEmailResult = z.infer<typeof ZFindEmailResult>;
export const ZFindEmailsResponse = z.object({
  results: z.array(ZFindEmailResult).describe('one per lead looked up, in the order asked'),
  found: z.number().int(),
  not_found: z.number().int(),
  credits: z.number().int().describe('the balance after the e-mails found were paid for'),
  stopped: z
    .string()
    .nullable()
    .describe('why the lookups stopped before the last lead (the provider refused, no credits left)'),
});
export type TFindEmailsResponse = z.infer<typeof ZFindEmailsResponse>;
