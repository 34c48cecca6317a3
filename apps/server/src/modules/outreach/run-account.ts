import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import {
  type CampaignRow,
  campaignLeads,
  campaigns,
  type LinkedInAccountRow,
  linkedinAccounts,
  type OutreachStepRow,
  outreachSteps,
} from '../../db/schema';
import {
  LinkedInChallengeError,
  LinkedInNotFoundError,
  LinkedInRequestError,
  LinkedInSessionExpiredError,
  LinkedInThrottledError,
} from '../../lib/clients/linkedin-gateway';
import { isUsable, noteAccountFailure, openAccountSession } from '../linkedin/outreach-account';
import { capReachedUntil } from './caps';
import { createEngineTime, type EngineTime } from './engine-time';
import { RETRY_LIMIT, retryDelayMs } from './plan';
import { runAction } from './run-action';
import { failLead, pauseAccountCampaigns, retryStepLater, settleStep } from './settle-step';
import { LeadCannotContinueError, type StepContext } from './step-types';

export type EngineDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'vault' | 'linkedin' | 'writer' | 'config' | 'jobs'
> & {
  /** Spacing between actions is drawn from it (tests pass a fixed one). */
  random?: () => number;
  log?: { warn: (obj: object, msg: string) => void };
};

/** One runner holds an account this long at most, however often it renews (a hung call ends here). */
export const LEASE_MS = 5 * 60 * 1000;
/**
 * A lease lapses this long after its last renewal, so the lease of a runner whose process died (kill -9,
 * a lost machine) is free again within seconds, while a live runner renews it every LEASE_RENEW_MS.
 */
export const LEASE_TTL_MS = 20_000;
const LEASE_RENEW_MS = 5_000;
/** A careful person waits between 45 s and 2.5 min between two actions (scaled down with short days). */
const SPACING_MS = { min: 45_000, max: 150_000 } as const;
const CANDIDATES = 20;

export const engineTimeOf = (config: AppDeps['config']): EngineTime =>
  createEngineTime(config.outreach.daySeconds);

/** The rest between two actions of an account, scaled with the engine's day. */
export const spacingMs = (time: EngineTime, random: () => number): number => {
  const real = SPACING_MS.min + random() * (SPACING_MS.max - SPACING_MS.min);
  return Math.round(real * (time.dayMs / 86_400_000));
};

export type RunResult =
  | { ran: null; reason: 'busy' | 'unusable' | 'waiting' | 'nothing_due' }
  | { ran: { stepId: number; action: string; result: 'done' | 'skipped' | 'failed' | 'retry' | 'paused' } };

export type Lease = { holder: string; takenAt: Date; stop: () => void };

/** The lease's end: a TTL past now, never past LEASE_MS from when it was taken. */
const leaseEnd = (takenAt: Date, now: Date): Date =>
  new Date(Math.min(now.getTime() + LEASE_TTL_MS, takenAt.getTime() + LEASE_MS));

/**
 * Takes the account's lease when no live runner holds it (one actor per account at a time: the engine's
 * runner, or a reply sent from the inbox); null when it is held. Release it with releaseLease.
 */
export const takeLease = async (
  deps: Pick<EngineDeps, 'db' | 'clock' | 'log'>,
  accountId: string,
  now: Date,
): Promise<{ account: LinkedInAccountRow; lease: Lease } | null> => {
  const holder = randomUUID();
  const [account] = await deps.db
    .update(linkedinAccounts)
    .set({ engineLeaseUntil: leaseEnd(now, now), engineLeaseHolder: holder })
    .where(
      and(
        eq(linkedinAccounts.id, accountId),
        or(isNull(linkedinAccounts.engineLeaseUntil), lte(linkedinAccounts.engineLeaseUntil, now)),
      ),
    )
    .returning();
  if (!account) return null;
  // Renewed while the runner works; only this holder's lease is touched, so a runner that lost it
  // (stalled past the TTL) never extends the next holder's.
  const timer = setInterval(() => {
    const until = leaseEnd(now, deps.clock.now());
    if (until.getTime() >= now.getTime() + LEASE_MS) clearInterval(timer);
    deps.db
      .update(linkedinAccounts)
      .set({ engineLeaseUntil: until })
      .where(and(eq(linkedinAccounts.id, accountId), eq(linkedinAccounts.engineLeaseHolder, holder)))
      .catch((error: unknown) =>
        deps.log?.warn({ accountId, err: String(error) }, 'outreach lease renewal failed'),
      );
  }, LEASE_RENEW_MS);
  timer.unref();
  return { account, lease: { holder, takenAt: now, stop: () => clearInterval(timer) } };
};

/** Steps a runner claimed and never settled: they go back in line, to be read back before anything is sent. */
const requeueInterrupted = async (deps: EngineDeps, accountId: string, now: Date): Promise<void> => {
  const interrupted = await deps.db
    .select()
    .from(outreachSteps)
    .where(and(eq(outreachSteps.accountId, accountId), eq(outreachSteps.state, 'running')));
  for (const step of interrupted) {
    await retryStepLater(deps.db, step, now, 'Interrupted: LinkedIn is read back before going on');
  }
};

/**
 * The next due step the account may take now. Steps outside the campaign's working hours, or over a
 * daily cap, are moved to when they may run, so the sweep stops seeing them until then.
 */
const claimNextStep = async (
  deps: EngineDeps,
  account: LinkedInAccountRow,
  time: EngineTime,
  now: Date,
): Promise<{ step: OutreachStepRow; campaign: CampaignRow } | null> => {
  const due = await deps.db
    .select({ step: outreachSteps, campaign: campaigns })
    .from(outreachSteps)
    .innerJoin(campaigns, eq(campaigns.id, outreachSteps.campaignId))
    .where(
      and(
        eq(outreachSteps.accountId, account.id),
        eq(outreachSteps.state, 'scheduled'),
        lte(outreachSteps.dueAt, now),
        eq(campaigns.status, 'running'),
      ),
    )
    .orderBy(asc(outreachSteps.dueAt), asc(outreachSteps.id))
    .limit(CANDIDATES);
  for (const { step, campaign } of due) {
    const opens = time.nextWorkingTime(now, campaign.timeZone);
    const until =
      opens > now
        ? opens
        : await capReachedUntil(deps.db, time, {
            accountId: account.id,
            campaignId: campaign.id,
            action: step.action,
            connectionRequestsPerDay: campaign.connectionRequestsPerDay,
            zone: campaign.timeZone,
            now,
          });
    if (until) {
      await deps.db
        .update(outreachSteps)
        .set({ dueAt: time.nextWorkingTime(until, campaign.timeZone) })
        .where(and(eq(outreachSteps.id, step.id), eq(outreachSteps.state, 'scheduled')));
      continue;
    }
    // The claim re-checks the campaign, so a pause that landed a moment ago wins.
    const [claimed] = await deps.db
      .update(outreachSteps)
      .set({ state: 'running', claimedAt: now, attempt: sql`${outreachSteps.attempt} + 1` })
      .where(
        and(
          eq(outreachSteps.id, step.id),
          eq(outreachSteps.state, 'scheduled'),
          sql`EXISTS (SELECT 1 FROM campaigns WHERE id = ${campaign.id} AND status = 'running')`,
        ),
      )
      .returning();
    if (claimed) return { step: claimed, campaign };
  }
  return null;
};

const CAMPAIGN_PAUSE_REASON = (accountReason: string) => `Paused: ${accountReason}`;

/** A failure that says nothing about the account: the lead fails, or the step is tried again later. */
const settleFailure = async (
  deps: EngineDeps,
  claimed: { step: OutreachStepRow; lead: StepContext['lead']; userId: string },
  error: unknown,
  time: EngineTime,
  now: Date,
): Promise<'failed' | 'retry'> => {
  const message = error instanceof Error ? error.message : String(error);
  const leadProblem =
    error instanceof LeadCannotContinueError ||
    error instanceof LinkedInNotFoundError ||
    error instanceof RangeError ||
    (error instanceof LinkedInRequestError && error.status >= 400 && error.status < 500);
  if (leadProblem) {
    await failLead(deps.db, claimed, message, now);
    return 'failed';
  }
  if (claimed.step.attempt >= RETRY_LIMIT) {
    await failLead(deps.db, claimed, `LinkedIn kept failing: ${message}`, now);
    return 'failed';
  }
  deps.log?.warn(
    { stepId: claimed.step.id, action: claimed.step.action, err: message },
    'outreach step retried',
  );
  const dueAt = new Date(now.getTime() + retryDelayMs(claimed.step.attempt, time.dayMs));
  await retryStepLater(deps.db, claimed.step, dueAt, message);
  return 'retry';
};

const isAccountFailure = (error: unknown): boolean =>
  error instanceof LinkedInSessionExpiredError ||
  error instanceof LinkedInThrottledError ||
  error instanceof LinkedInChallengeError;

/**
 * Runs one LinkedIn account's next due step: claimed before the call and settled after, with the result
 * read back from LinkedIn. One runner per account (a lease in the database), whichever process it is in.
 */
export const runAccount = async (deps: EngineDeps, accountId: string): Promise<RunResult> => {
  const time = engineTimeOf(deps.config);
  const now = deps.clock.now();
  const taken = await takeLease(deps, accountId, now);
  if (!taken) return { ran: null, reason: 'busy' };
  const { account, lease } = taken;
  try {
    if (!isUsable(account, now)) return { ran: null, reason: 'unusable' };
    if (account.nextActionAt && account.nextActionAt > now) return { ran: null, reason: 'waiting' };
    await requeueInterrupted(deps, account.id, now);
    const next = await claimNextStep(deps, account, time, now);
    if (!next) return { ran: null, reason: 'nothing_due' };
    const { step, campaign } = next;
    const [lead] = await deps.db
      .select()
      .from(campaignLeads)
      .where(eq(campaignLeads.id, step.campaignLeadId));
    if (!lead) throw new Error(`campaign lead ${step.campaignLeadId} is gone`);
    const claimed = { step, lead, userId: campaign.userId };
    const ctx: StepContext = {
      deps,
      session: openAccountSession(deps, account),
      campaign,
      lead,
      step,
      time,
      now,
      reconciling: step.attempt > 1,
    };
    let result: 'done' | 'skipped' | 'failed' | 'retry' | 'paused';
    try {
      const outcome = await runAction(ctx);
      await settleStep(deps.db, claimed, outcome, deps.clock.now());
      result = outcome.stepState;
    } catch (error) {
      if (isAccountFailure(error)) {
        const reason = (await noteAccountFailure(deps, account, error)) ?? 'LinkedIn refused the session';
        await retryStepLater(deps.db, step, now, reason, { countAttempt: false });
        await pauseAccountCampaigns(deps.db, account.userId, CAMPAIGN_PAUSE_REASON(reason), deps.clock.now());
        result = 'paused';
      } else {
        result = await settleFailure(deps, claimed, error, time, deps.clock.now());
      }
    }
    await afterAction(deps, account.id, time);
    return { ran: { stepId: step.id, action: step.action, result } };
  } finally {
    await releaseLease(deps, account.id, lease);
  }
};

/** Gives the account's lease back, if it is still this holder's. */
export const releaseLease = async (
  deps: Pick<EngineDeps, 'db'>,
  accountId: string,
  lease: Lease,
): Promise<void> => {
  lease.stop();
  await deps.db
    .update(linkedinAccounts)
    .set({ engineLeaseUntil: null, engineLeaseHolder: null })
    .where(and(eq(linkedinAccounts.id, accountId), eq(linkedinAccounts.engineLeaseHolder, lease.holder)));
};

/** Rests the account for a random while, and asks for the next run then if more is due by that time. */
const afterAction = async (deps: EngineDeps, accountId: string, time: EngineTime): Promise<void> => {
  const nextAt = new Date(deps.clock.now().getTime() + spacingMs(time, deps.random ?? Math.random));
  await deps.db
    .update(linkedinAccounts)
    .set({ nextActionAt: nextAt })
    .where(eq(linkedinAccounts.id, accountId));
  const [more] = await deps.db
    .select({ id: outreachSteps.id })
    .from(outreachSteps)
    .where(
      and(
        eq(outreachSteps.accountId, accountId),
        eq(outreachSteps.state, 'scheduled'),
        lte(outreachSteps.dueAt, nextAt),
      ),
    )
    .limit(1);
  if (more)
    await deps.jobs.send('outreach-account', { accountId }, { singletonKey: accountId, startAfter: nextAt });
};
