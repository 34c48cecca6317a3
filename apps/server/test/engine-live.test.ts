import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/core/clock';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  connectLinkedIn,
  findPeople,
  leadsOf,
  sandboxOf,
  seedLaunchedCampaign,
} from './support/outreach-factories';

// The engine as it runs in a server: sweeps on a timer, runner jobs on the queue, real time, short days.
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { OUTREACH_DAY_SECONDS: '0.5', OUTREACH_SWEEP_SECONDS: '0.2' } });
});
afterAll(() => h.close());

describe('the engine in the background', () => {
  it('works a launched campaign through the queue, one step at a time per account', {
    timeout: 60_000,
  }, async () => {
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const people = findPeople(h, liAt, 3, (p) => p.posts.length === 0);
    const { campaign } = await seedLaunchedCampaign(h, systemClock, user, account, people);
    await expect
      .poll(async () => (await leadsOf(h, campaign.id)).map((lead) => lead.state), {
        timeout: 45_000,
        interval: 250,
      })
      .toEqual(people.map(() => 'invitation_sent'));
    const state = sandboxOf(h).memberState(liAt);
    for (const person of people) {
      expect(state.profileViews.filter((v) => v.profileUrn === person.profileUrn)).toHaveLength(1);
      expect(state.invitations.filter((i) => i.profileUrn === person.profileUrn)).toHaveLength(1);
    }
    // Views of one account never overlap: each began after the one before had ended.
    const views = state.profileViews.map((v) => Date.parse(v.at)).sort((a, b) => a - b);
    for (let i = 1; i < views.length; i++) expect(views[i]).toBeGreaterThan(views[i - 1] ?? 0);
  });
});
