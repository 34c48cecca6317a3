import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { leads, linkedinAccounts, lists, type SearchImportRow, searchImports } from '../../../db/schema';
import {
  LinkedInError,
  LinkedInNotFoundError,
  LinkedInRequestError,
  type LinkedInSearchPerson,
} from '../../../lib/clients/linkedin-gateway';
import { noteAccountFailure, openAccountSession } from '../outreach-account';
import { ImportRefusedError, type PageReader, REFUSALS, SOURCE_LABELS, sourcesOf } from './import-sources';

/** LinkedIn shows at most 1,000 results of a search; so does the import. */
export const SEARCH_IMPORT_LIMIT = 1000;
export const SEARCH_SOURCE = SOURCE_LABELS.search;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'vault' | 'linkedin'>;

const leadOf = (job: SearchImportRow, person: LinkedInSearchPerson, now: Date) => ({
  userId: job.userId,
  listId: job.listId,
  name: person.name,
  headline: person.headline,
  location: person.location,
  company: person.company ?? '',
  connectionDegree: person.connectionDegree ?? '',
  source: SOURCE_LABELS[job.method],
  linkedinUrl: person.profileUrl,
  profileImageUrl: person.pictureUrl,
  createdAt: now,
});

/** One page into the list, its count and the job's progress, together or not at all. */
const savePage = async (
  deps: Deps,
  job: SearchImportRow,
  people: LinkedInSearchPerson[],
  progress: { phase: number; nextStart: number; total: number; found: number },
) => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const added = people.length
      ? await tx
          .insert(leads)
          .values(people.map((person) => leadOf(job, person, now)))
          .onConflictDoNothing({ target: [leads.listId, leads.linkedinUrl] })
          .returning({ id: leads.id })
      : [];
    await tx
      .update(searchImports)
      .set({ ...progress, imported: sql`${searchImports.imported} + ${added.length}` })
      .where(eq(searchImports.id, job.id));
    await tx
      .update(lists)
      .set({
        leadCount: sql`${lists.leadCount} + ${added.length}`,
        message: `Imported ${progress.found} of ${progress.total} people`,
        updatedAt: now,
      })
      .where(eq(lists.id, job.listId));
  });
};

/** Said on the list when an import ended without finding anyone, so 0 leads is not a silent outcome. */
export const FOUND_NOBODY =
  'LinkedIn found nobody to import here: no leads were added. Try a broader search.';

/**
 * Ends the import; the list leaves "Importing..." (to "Error" with the reason when it failed). `found`: the
 * people the import read in all; none says so on the list.
 */
const settle = async (
  deps: Deps,
  job: SearchImportRow,
  failure: string | null,
  found = job.found,
): Promise<void> => {
  const now = deps.clock.now();
  const restored = job.listStatusBefore === 'importing' ? 'ready' : job.listStatusBefore;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(searchImports)
      .set({ state: failure ? 'failed' : 'done', error: failure, finishedAt: now })
      .where(eq(searchImports.id, job.id));
    await tx
      .update(lists)
      .set(
        failure && job.listCreated
          ? { status: 'error', message: failure, updatedAt: now }
          : {
              status: restored,
              message: failure ? `Last import failed: ${failure}` : found === 0 ? FOUND_NOBODY : '',
              updatedAt: now,
            },
      )
      .where(eq(lists.id, job.listId));
  });
};

export const LINKEDIN_UNREACHABLE = 'LinkedIn could not be reached. Please try the import again later.';

/** What a failed call means for the import: a reason that ends it, or null when a retry may help. */
const reasonOf = async (
  deps: Deps,
  job: SearchImportRow,
  account: Parameters<typeof noteAccountFailure>[1],
  error: unknown,
): Promise<string | null> => {
  if (error instanceof ImportRefusedError) return error.message;
  if (error instanceof LinkedInNotFoundError) return REFUSALS[job.method].notFound;
  if (error instanceof LinkedInRequestError && (error.status === 403 || error.status === 404)) {
    return error.status === 403 ? REFUSALS[job.method].forbidden : REFUSALS[job.method].notFound;
  }
  return error instanceof LinkedInError ? noteAccountFailure(deps, account, error) : null;
};

/**
 * The background job of every LinkedIn import (search_result and lead_import): reads the method's
 * lists one page at a time (the gateway paces the calls) and saves each page as it comes. A retried
 * job resumes at its saved `phase` and `next_start`. An expired, throttled or challenged session, or
 * a list LinkedIn does not show this account, ends the import with the reason on the list.
 */
export const runSearchImport = async (
  deps: Deps,
  importId: string,
  options: { lastAttempt: boolean },
): Promise<void> => {
  const [row] = await deps.db
    .select({ job: searchImports, account: linkedinAccounts })
    .from(searchImports)
    .innerJoin(linkedinAccounts, eq(linkedinAccounts.id, searchImports.accountId))
    .where(and(eq(searchImports.id, importId), eq(searchImports.state, 'running')));
  if (!row) return;
  const { job, account } = row;
  const session = openAccountSession(deps, account);
  const fail = async (error: unknown): Promise<void> => {
    const reason = await reasonOf(deps, job, account, error);
    if (reason) return settle(deps, job, reason);
    // Anything else (LinkedIn down, a timeout): the queue retries from the saved place; after the last
    // try the import ends, so the list and the account's one automation slot are not held for ever.
    if (options.lastAttempt) return settle(deps, job, LINKEDIN_UNREACHABLE);
    throw error;
  };
  let sources: PageReader[];
  try {
    sources = await sourcesOf(session, job);
  } catch (error) {
    return fail(error);
  }
  let { phase, nextStart: start, found } = job;
  let total = job.total ?? 0;
  while (phase < sources.length && found < SEARCH_IMPORT_LIMIT) {
    const read = sources[phase];
    if (!read) break;
    let page: Awaited<ReturnType<PageReader>>;
    try {
      page = await read(start);
    } catch (error) {
      return fail(error);
    }
    const room = SEARCH_IMPORT_LIMIT - found;
    const people = page.people.slice(0, Math.max(0, room));
    // A list's total is known from its first page; the import's total adds up its lists.
    if (start === 0) total = Math.min(found + page.total, SEARCH_IMPORT_LIMIT);
    found += people.length;
    total = Math.max(total, found);
    const done = page.nextStart === null || page.people.length === 0 || found >= SEARCH_IMPORT_LIMIT;
    const next = done ? { phase: phase + 1, nextStart: 0 } : { phase, nextStart: page.nextStart ?? 0 };
    await savePage(deps, job, people, { ...next, total, found });
    ({ phase, nextStart: start } = next);
  }
  await settle(deps, job, null, found);
};
