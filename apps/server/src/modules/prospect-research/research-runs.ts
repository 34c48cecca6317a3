import { PROSPECT_RESEARCH_MESSAGES, type TResearchRun } from '@sales-assist/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/open-database';
import { type LeadResearchRunRow, leadResearchRuns, lists } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, notFound } from '../../http/errors';
import { researchAccount } from './read-lead-on-linkedin';

const RUNS_SHOWN = 10;

const runView = (run: LeadResearchRunRow, listName: string): TResearchRun => ({
  id: run.id,
  list_id: run.listId,
  list_name: listName,
  state: run.state,
  total: run.total,
  researched: run.researched,
  failed: run.failed,
  message: run.message,
  resume_at: run.resumeAt?.toISOString() ?? null,
  created_at: run.createdAt.toISOString(),
  finished_at: run.finishedAt?.toISOString() ?? null,
});

const runColumns = { run: leadResearchRuns, listName: lists.name };

/** GET /api/prospect-research/runs: the caller's last list runs, newest first. */
export const listResearchRuns = async (db: DbOrTx, userId: string): Promise<{ runs: TResearchRun[] }> => {
  const rows = await db
    .select(runColumns)
    .from(leadResearchRuns)
    .innerJoin(lists, eq(lists.id, leadResearchRuns.listId))
    .where(eq(leadResearchRuns.userId, userId))
    .orderBy(desc(leadResearchRuns.createdAt))
    .limit(RUNS_SHOWN);
  return { runs: rows.map((row) => runView(row.run, row.listName)) };
};

/** GET /api/prospect-research/runs/:id: one of the caller's runs with its progress (another's: 404). */
export const getResearchRun = async (db: DbOrTx, userId: string, runId: string): Promise<TResearchRun> => {
  const [row] = await db
    .select(runColumns)
    .from(leadResearchRuns)
    .innerJoin(lists, eq(lists.id, leadResearchRuns.listId))
    .where(and(eq(leadResearchRuns.userId, userId), eq(leadResearchRuns.id, runId)));
  if (!row) throw notFound('Research run not found');
  return runView(row.run, row.listName);
};

/**
 * POST /api/lists/:id/research: starts researching the caller's list in the background (202 with the run).
 * Refused before anything starts: another's list (404), an empty one, one already being researched (409), no
 * usable LinkedIn account (409, as for one lead).
 */
export const startListResearch = async (
  deps: Pick<AppDeps, 'db' | 'clock' | 'vault' | 'linkedin' | 'config' | 'jobs'>,
  userId: string,
  listId: number,
): Promise<TResearchRun> => {
  const [list] = await deps.db
    .select({ name: lists.name, leadCount: lists.leadCount })
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.userId, userId)));
  if (!list) throw notFound('List not found');
  if (list.leadCount === 0) throw new AppError(409, 'list_empty', PROSPECT_RESEARCH_MESSAGES.listEmpty);
  await researchAccount(deps, userId);
  let run: LeadResearchRunRow | undefined;
  try {
    [run] = await deps.db
      .insert(leadResearchRuns)
      .values({
        userId,
        listId,
        total: list.leadCount,
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'automation_in_progress', PROSPECT_RESEARCH_MESSAGES.alreadyRunning);
    throw error;
  }
  if (!run) throw new Error('the research run was not saved');
  await deps.jobs.send('research-list', { runId: run.id }, { singletonKey: run.id });
  return runView(run, list.name);
};
