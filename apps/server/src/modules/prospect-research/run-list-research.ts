import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type LeadResearchRunRow, leadResearchRuns, leads, linkedinAccounts } from '../../db/schema';
import { AppError } from '../../http/errors';
import { aiAllowanceOf } from '../plan-limits/ai-allowance';
import { researchLead } from './research-lead';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'vault' | 'linkedin' | 'config' | 'safeFetch' | 'ai' | 'jobs'>;

/** A busy account (a campaign action under way) is tried again this much later. */
const BUSY_RETRY_MS = 5_000;

const at = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const update = async (
  deps: Deps,
  run: LeadResearchRunRow,
  set: Partial<LeadResearchRunRow>,
): Promise<void> => {
  await deps.db
    .update(leadResearchRuns)
    .set({ ...set, updatedAt: deps.clock.now() })
    .where(eq(leadResearchRuns.id, run.id));
};

const again = (deps: Deps, run: LeadResearchRunRow, startAfter: Date) =>
  deps.jobs.send('research-list', { runId: run.id }, { singletonKey: run.id, startAfter });

const stop = (deps: Deps, run: LeadResearchRunRow, message: string) =>
  update(deps, run, { state: 'stopped', message, resumeAt: null, finishedAt: deps.clock.now() });

/** Waits for the day's cap or LinkedIn's rest to end, then goes on from the same lead. */
const wait = async (deps: Deps, run: LeadResearchRunRow, until: Date, message: string) => {
  await update(deps, run, { state: 'waiting', message, resumeAt: until });
  await again(deps, run, until);
};

/**
 * One step of the 'research-list' job: researches the run's next lead (in id order after the last one
 * handled) exactly as one lead is researched by hand, then queues the next step after the account's spacing.
 * The account's daily cap of profile views makes the run wait until the cap's day ends ("stopped for today"),
 * LinkedIn's request to rest until the rest ends; an account that cannot go on (no account, expired, a
 * security check) or the plan's AI requests used up stop it with the reason. A lead that cannot be read
 * (no profile address, not on LinkedIn) is counted as failed and the run goes on. Safe to run twice: the
 * cursor moves in the same statement as the counts, and a repeated step researches the lead again.
 */
export const researchListStep = async (deps: Deps, runId: string): Promise<void> => {
  const [run] = await deps.db.select().from(leadResearchRuns).where(eq(leadResearchRuns.id, runId));
  if (!run || run.state === 'done' || run.state === 'stopped') return;
  const now = deps.clock.now();
  if (run.state === 'waiting' && run.resumeAt && run.resumeAt > now) return again(deps, run, run.resumeAt);
  const [next] = await deps.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.userId, run.userId), eq(leads.listId, run.listId), gt(leads.id, run.afterLeadId)))
    .orderBy(asc(leads.id))
    .limit(1);
  if (!next) {
    await update(deps, run, { state: 'done', resumeAt: null, finishedAt: now });
    return;
  }
  const [account] = await deps.db
    .select({ nextActionAt: linkedinAccounts.nextActionAt, backoffUntil: linkedinAccounts.backoffUntil })
    .from(linkedinAccounts)
    .where(eq(linkedinAccounts.userId, run.userId));
  // The engine's spacing between two actions of the account holds for research too.
  if (account?.nextActionAt && account.nextActionAt > now) return again(deps, run, account.nextActionAt);
  if (deps.ai) {
    const allowance = await aiAllowanceOf(deps.db, run.userId, now);
    if (allowance.limit !== null && allowance.used >= allowance.limit)
      return stop(
        deps,
        run,
        `Stopped: your plan’s AI requests for this period are used up (until ${allowance.resetsOn}).`,
      );
  }
  if (run.state === 'waiting') await update(deps, run, { state: 'running', message: '', resumeAt: null });
  try {
    await researchLead(deps, run.userId, next.id, {}, { wait: false });
    await update(deps, run, {
      researched: sql`${leadResearchRuns.researched} + 1` as unknown as number,
      afterLeadId: next.id,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'linkedin_busy') return again(deps, run, new Date(now.getTime() + BUSY_RETRY_MS));
    if (error.code === 'daily_cap_reached') {
      const until = new Date(String(error.extra.retry_at));
      return wait(deps, run, until, `Stopped for today: ${error.message}`);
    }
    if (error.code === 'linkedin_throttled') {
      const until =
        account?.backoffUntil && account.backoffUntil > now
          ? account.backoffUntil
          : new Date(now.getTime() + 3_600_000);
      return wait(deps, run, until, `Waiting until ${at(until)}: ${error.message}`);
    }
    if (['linkedin_not_connected', 'linkedin_expired', 'linkedin_challenge'].includes(error.code))
      return stop(deps, run, `Stopped: ${error.message}`);
    // This lead cannot be researched (no profile address, gone from LinkedIn, LinkedIn down for it): the
    // run notes it and goes on.
    await update(deps, run, {
      failed: sql`${leadResearchRuns.failed} + 1` as unknown as number,
      afterLeadId: next.id,
      message: error.message,
    });
  }
  const [after] = await deps.db
    .select({ nextActionAt: linkedinAccounts.nextActionAt })
    .from(linkedinAccounts)
    .where(eq(linkedinAccounts.userId, run.userId));
  const startAfter =
    after?.nextActionAt && after.nextActionAt > deps.clock.now() ? after.nextActionAt : deps.clock.now();
  await again(deps, run, startAfter);
};
