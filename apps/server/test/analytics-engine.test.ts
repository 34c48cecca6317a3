import type { TOutreachAnalyticsResponse } from '@sales-assist/contract';
import type { PersonSummary } from '@sales-assist/linkedin-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/core/clock';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  connectLinkedIn,
  findPeople,
  hasPostWithin,
  playEngine,
  seedLaunchedCampaign,
} from './support/outreach-factories';

// A Monday, 10:00 UTC: every plan day (0, 7, 14 … 42) is a Monday in working hours.
const START = new Date('2026-03-02T10:00:00Z');
const DAY = 86_400_000;
const clock = fixedClock(START);
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false, sandboxNow: () => clock.now() });
});
afterAll(() => h.close());

describe('analytics read what the engine recorded', () => {
  it('counts each stage of a campaign the engine carried out against the sandbox', async () => {
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const taken = new Set<string>();
    const one = (pick: (p: PersonSummary) => boolean): PersonSummary => {
      const [person] = findPeople(h, liAt, 1, pick, taken);
      if (!person) throw new Error('no such person in the sandbox');
      return person;
    };
    const accepting = (p: PersonSummary) =>
      hasPostWithin(p, START, 8) &&
      p.traits.acceptsInvitations &&
      p.traits.acceptDelayDays <= 6 &&
      !p.traits.refusesNotes;
    const replier = one((p) => accepting(p) && p.traits.repliesToFollowUp);
    const silent = one((p) => accepting(p) && !p.traits.repliesToFollowUp);
    const refuser = one(
      (p) => hasPostWithin(p, START, 8) && !p.traits.acceptsInvitations && !p.traits.refusesNotes,
    );
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, [replier, silent, refuser], {
      withdrawAfterDays: 7,
    });
    await playEngine(h, clock, account.id, new Date(START.getTime() + 50 * DAY));
    // Back to the start, where the user's access token is still valid; the period is asked explicitly.
    clock.set(new Date(START.getTime() + 60_000));

    const res = await h.call(
      'GET',
      `/api/analytics/outreach?zone=UTC&from=2026-03-01&to=2026-04-30&bucket=week&campaign_ids=${campaign.id}`,
      { token: user.accessToken },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TOutreachAnalyticsResponse>();
    expect(body.funnel).toEqual({
      leads: 3,
      viewed: 3,
      liked: 3,
      commented: 3,
      invited: 3,
      accepted: 2,
      messaged: 2,
      replied: 1,
      interested: 0,
    });
    expect(body.rates.acceptance).toEqual({ count: 2, of: 3, percent: 66.7 });
    expect(body.rates.reply).toEqual({ count: 1, of: 2, percent: 50 });
    const weeks = body.over_time.reduce(
      (sum, point) => ({
        invited: sum.invited + point.invited,
        accepted: sum.accepted + point.accepted,
        messaged: sum.messaged + point.messaged,
        replied: sum.replied + point.replied,
      }),
      { invited: 0, accepted: 0, messaged: 0, replied: 0 },
    );
    expect(weeks).toEqual({ invited: 3, accepted: 2, messaged: 2, replied: 1 });
  });
});
