import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { leads, linkedinAccounts, lists, type SearchImportRow, searchImports } from '../../../db/schema';
import { LinkedInError, type LinkedInSearchPerson } from '../../../lib/linkedin';
import { noteAccountFailure, openAccountSession } from '../linkedin-account';

/** LinkedIn shows at most 1,000 results of a search; so does the import. */
export const SEARCH_IMPORT_LIMIT = 1000;
export const SEARCH_SOURCE = 'LinkedIn Search';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'vault' | 'linkedin'>;

const leadOf = (job: SearchImportRow, person: LinkedInSearchPerson, now: Date) => ({
  userId: job.userId,
  listId: job.listId,
  name: person.name,
  headline: person.headline,
  location: person.location,
  company: person.company ?? '',
  connectionDegree: person.connectionDegree ?? '',
  source: SEARCH_SOURCE,
  linkedinUrl: person.profileUrl,
  profileImageUrl: person.pictureUrl,
  createdAt: now,
});

/** One page into the list, its count and the job's progress, together or not at all. */
const savePage = async (
  deps: Deps,
  job: SearchImportRow,
  people: LinkedInSearchPerson[],
  progress: { nextStart: number; total: number; found: number },
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

/** Ends the import; the list leaves "Importing..." (to "Error" with the reason when it failed). */
const settle = async (deps: Deps, job: SearchImportRow, failure: string | null): Promise<void> => {
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
          : { status: restored, message: failure ? `Last import failed: ${failure}` : '', updatedAt: now },
      )
      .where(eq(lists.id, job.listId));
  });
};

/**
 * The background job of search_result: pages through the search (the gateway paces the calls) and
 * saves each page as it comes. A retried job resumes at `next_start`. An expired, throttled or
 * challenged session ends the import with the reason on the list and marks the account.
 */
export const LINKEDIN_UNREACHABLE = 'LinkedIn could not be reached. Please try the import again later.';

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
  let start = job.nextStart;
  let found = job.found;
  for (;;) {
    let page: Awaited<ReturnType<typeof session.searchPeople>>;
    try {
      page = await session.searchPeople(job.searchUrl, start);
    } catch (error) {
      const reason = error instanceof LinkedInError ? await noteAccountFailure(deps, account, error) : null;
      if (reason) return settle(deps, job, reason);
      // Anything else (LinkedIn down, a timeout): the queue retries from `next_start`; after the last
      // try the import ends, so the list and the account's one automation slot are not held for ever.
      if (options.lastAttempt) return settle(deps, job, LINKEDIN_UNREACHABLE);
      throw error;
    }
    const room = SEARCH_IMPORT_LIMIT - found;
    const people = page.people.slice(0, Math.max(0, room));
    found += people.length;
    const total = Math.min(page.total, SEARCH_IMPORT_LIMIT);
    const nextStart = page.nextStart ?? start + page.people.length;
    await savePage(deps, job, people, { nextStart, total, found });
    if (page.nextStart === null || page.people.length === 0 || found >= SEARCH_IMPORT_LIMIT) break;
    start = page.nextStart;
  }
  await settle(deps, job, null);
};
