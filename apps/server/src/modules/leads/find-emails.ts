import {
  LEAD_OUTREACH_MESSAGES,
  type TFindEmailResult,
  type TFindEmailsResponse,
} from '@sales-assist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { creditLedger, leads, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { type EmailFinder, EmailFinderError, type FoundEmail } from '../../lib/clients/email-finder/types';
import { hitThrottle } from '../../lib/security/throttle';
import { creditBalance } from '../credits/credit-balance';
import { leadEmailOf } from './lead-view';

/** The ledger's reason for an e-mail found; its reference names the lead and the lookup. */
export const EMAIL_FOUND_LEDGER_REASON = 'email_found';
/** Each e-mail found costs this many credits; a lookup that finds nobody costs nothing. */
export const EMAIL_FOUND_COST_CREDITS = 1;
/**
 * Find Email calls per account and hour (each of at most FIND_EMAILS_MAX leads): misses cost no credit
 * but do spend the provider's requests, which every account shares.
 */
const FIND_EMAILS_THROTTLE = { name: 'find-emails:account', limit: 60, windowSeconds: 60 * 60 };

type Deps = Pick<AppDeps, 'db' | 'clock' | 'emailFinder'> & {
  log?: { warn: (obj: object, msg: string) => void };
};

export const emailFinderNotConfigured = (): AppError =>
  new AppError(409, 'email_finder_not_configured', LEAD_OUTREACH_MESSAGES.noEmailFinder);

const noCredits = (): AppError => new AppError(402, 'insufficient_credits', LEAD_OUTREACH_MESSAGES.noCredits);

/** What ends a whole call: the provider refused the key, limited us, or could not be reached. */
const refusalOf = (error: EmailFinderError): AppError =>
  error.kind === 'rate_limited'
    ? new AppError(429, 'email_finder_failed', error.message, {}, { 'retry-after': '60' })
    : new AppError(502, 'email_finder_failed', error.message);

/**
 * "Jane Doe, MBA" → Jane / Doe: the first word is the first name, the rest the last name, without the
 * titles people add after a comma, a bar or in brackets. Null when there is no last name to look for.
 */
export const nameParts = (name: string): { firstName: string; lastName: string } | null => {
  const words = name
    .replace(/\(.*?\)|\[.*?\]/g, ' ')
    .split(/[,|]/)[0]
    ?.trim()
    .split(/\s+/)
    .filter(Boolean);
  if (!words || words.length < 2) return null;
  return { firstName: words[0] as string, lastName: words.slice(1).join(' ') };
};

type LeadToFind = {
  id: number;
  name: string;
  company: string;
  email: string | null;
  emailConfidence: number | null;
  emailStatus: string | null;
  emailProvider: string | null;
  emailCheckedAt: Date | null;
};

/**
 * Stores one lookup's result on the lead and, when an address was found, charges its credit, in one
 * transaction behind the caller's user row (as a campaign's charge), so two calls at once never spend
 * the same credit and a lead never holds an address that was not paid for. Answers null when the credits
 * ran out before this lead's charge (then nothing is written).
 */
const saveLookup = async (
  deps: Deps,
  userId: string,
  lead: LeadToFind,
  found: FoundEmail,
  provider: string,
): Promise<{ email: TFindEmailResult['email']; credits: number } | null> => {
  const checkedAt = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const balance = await creditBalance(tx, userId);
    if (found.email && balance < EMAIL_FOUND_COST_CREDITS) return null;
    const [row] = await tx
      .update(leads)
      .set({
        email: found.email,
        emailConfidence: found.email ? found.score : null,
        emailStatus: found.email ? found.status : null,
        emailProvider: provider,
        emailCheckedAt: checkedAt,
      })
      .where(and(eq(leads.userId, userId), eq(leads.id, lead.id)))
      .returning({
        email: leads.email,
        emailConfidence: leads.emailConfidence,
        emailStatus: leads.emailStatus,
        emailProvider: leads.emailProvider,
        emailCheckedAt: leads.emailCheckedAt,
      });
    // The lead was deleted meanwhile (its list went): nothing to keep, nothing to charge.
    if (!row) return { email: null, credits: balance };
    if (!found.email) return { email: leadEmailOf(row), credits: balance };
    await tx.insert(creditLedger).values({
      userId,
      amount: -EMAIL_FOUND_COST_CREDITS,
      reason: EMAIL_FOUND_LEDGER_REASON,
      reference: `lead:${lead.id}:${checkedAt.toISOString()}`,
      createdAt: checkedAt,
    });
    return { email: leadEmailOf(row), credits: balance - EMAIL_FOUND_COST_CREDITS };
  });
};

const lookUp = async (
  finder: EmailFinder,
  lead: LeadToFind,
): Promise<FoundEmail | 'left_out' | 'no_name'> => {
  const name = nameParts(lead.name);
  if (!name) return 'no_name';
  try {
    // Leads carry their company's name, not its site: Hunter finds the domain from the name.
    return await finder.find({ ...name, domain: null, company: lead.company.trim() });
  } catch (error) {
    if (error instanceof EmailFinderError && error.kind === 'left_out') return 'left_out';
    // A refused lookup of this one person (a name Hunter cannot read) finds nobody; the rest go on.
    if (error instanceof EmailFinderError && error.kind === 'bad_request')
      return { email: null, score: null, status: null };
    throw error;
  }
};

/**
 * Find Email: looks up the work e-mail of up to FIND_EMAILS_MAX of the caller's leads, one after the other,
 * through the configured e-mail finder (Hunter's Email Finder, then its Email Verifier), and keeps each on
 * its lead as it comes. Each address found costs 1 credit; a miss costs nothing; a lead found before is
 * not asked again. Every id must be the caller's (404 for the whole call otherwise). A refusal of the
 * provider (its key, its rate limit, an outage) before the first lead ends the call with the provider's
 * words; after it, the answer holds the leads done and says why it stopped.
 */
export const findEmails = async (
  deps: Deps,
  userId: string,
  input: { lead_ids: number[] },
): Promise<TFindEmailsResponse> => {
  const finder = deps.emailFinder;
  if (!finder) throw emailFinderNotConfigured();
  const ids = [...new Set(input.lead_ids.map(Number))];
  const rows = await deps.db
    .select({
      id: leads.id,
      name: leads.name,
      company: leads.company,
      email: leads.email,
      emailConfidence: leads.emailConfidence,
      emailStatus: leads.emailStatus,
      emailProvider: leads.emailProvider,
      emailCheckedAt: leads.emailCheckedAt,
    })
    .from(leads)
    .where(and(eq(leads.userId, userId), inArray(leads.id, ids)));
  if (rows.length !== ids.length) throw notFound(LEAD_OUTREACH_MESSAGES.leadNotFound);
  let credits = await creditBalance(deps.db, userId);
  if (credits < EMAIL_FOUND_COST_CREDITS) throw noCredits();
  await hitThrottle(deps.db, deps.clock, FIND_EMAILS_THROTTLE, userId);

  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: TFindEmailResult[] = [];
  let stopped: string | null = null;
  for (const id of ids) {
    const lead = byId.get(id) as LeadToFind;
    if (lead.email) {
      results.push({ lead_id: id, outcome: 'already_found', email: leadEmailOf(lead) });
      continue;
    }
    if (!lead.company.trim()) {
      results.push({ lead_id: id, outcome: 'no_company', email: leadEmailOf(lead) });
      continue;
    }
    if (credits < EMAIL_FOUND_COST_CREDITS) {
      stopped = LEAD_OUTREACH_MESSAGES.noCredits;
      break;
    }
    let found: Awaited<ReturnType<typeof lookUp>>;
    try {
      found = await lookUp(finder, lead);
    } catch (error) {
      if (!(error instanceof EmailFinderError)) throw error;
      deps.log?.warn({ kind: error.kind, providerError: error.providerId }, 'e-mail finder refused');
      if (results.every((result) => result.outcome === 'already_found' || result.outcome === 'no_company'))
        throw refusalOf(error);
      stopped = error.message;
      break;
    }
    if (found === 'left_out') {
      results.push({ lead_id: id, outcome: 'left_out', email: leadEmailOf(lead) });
      continue;
    }
    const saved = await saveLookup(
      deps,
      userId,
      lead,
      found === 'no_name' ? { email: null, score: null, status: null } : found,
      finder.provider,
    );
    if (!saved) {
      stopped = LEAD_OUTREACH_MESSAGES.noCredits;
      break;
    }
    credits = saved.credits;
    results.push({ lead_id: id, outcome: saved.email?.address ? 'found' : 'not_found', email: saved.email });
  }
  return {
    results,
    found: results.filter((result) => result.outcome === 'found').length,
    not_found: results.filter((result) => result.outcome === 'not_found' || result.outcome === 'left_out')
      .length,
    credits,
    stopped,
  };
};
