import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';

/**
 * Finds the LinkedIn accounts with a step due now (or one a stopped runner left claimed: a running step
 * on an account whose lease is free has lost its runner) that may act, and queues one runner job for
 * each. It reads only the partial indexes of waiting and running steps, so its cost follows what is
 * due, not how many steps exist.
 */
export const sweepDueAccounts = async (deps: Pick<AppDeps, 'db' | 'clock' | 'jobs'>): Promise<string[]> => {
  const now = deps.clock.now();
  const result = await deps.db.execute(sql`
    SELECT a.id AS account_id
      FROM linkedin_accounts a
     WHERE a.id IN (SELECT s.account_id FROM outreach_steps s
                     WHERE s.state = 'scheduled' AND s.due_at <= ${now.toISOString()}::timestamptz
                    UNION
                    SELECT s.account_id FROM outreach_steps s
                     WHERE s.state = 'running')
       AND (a.next_action_at IS NULL OR a.next_action_at <= ${now.toISOString()}::timestamptz)
       AND (a.engine_lease_until IS NULL OR a.engine_lease_until <= ${now.toISOString()}::timestamptz)
       AND (a.status = 'active' OR (a.status = 'throttled' AND a.backoff_until <= ${now.toISOString()}::timestamptz))`);
  const accounts = (result as unknown as { rows: { account_id: string }[] }).rows.map(
    (row) => row.account_id,
  );
  for (const accountId of accounts) {
    await deps.jobs.send('outreach-account', { accountId }, { singletonKey: accountId });
  }
  return accounts;
};
