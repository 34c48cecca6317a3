import type { PersonSummary } from '@sales-assist/linkedin-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/core/clock';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import {
  connectLinkedIn,
  leadsOf,
  playEngine,
  sandboxOf,
  seedLaunchedCampaign,
} from './support/outreach-factories';

// A lead imported from a CSV names someone the sandbox's generated network does not hold. The sandbox
// answers for any well-formed profile address with a person made up from it, so the engine works such a
// lead as it works a real one instead of failing it with "not on LinkedIn any more".
const START = new Date('2026-03-02T10:00:00Z'); // a Monday, in working hours (UTC)
const DAY = 86_400_000;
const clock = fixedClock(START);
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ deps: { clock }, engine: false, sandboxNow: () => clock.now() });
});
afterAll(() => h.close());

/** A row of a CSV file: a name and an address, nothing the sandbox was asked about before. */
const csvLead = (slug: string): PersonSummary => ({
  index: -1,
  profileUrn: '',
  publicIdentifier: slug,
  profileUrl: `https://www.linkedin.com/in/${slug}`,
  name: 'From the CSV',
  headline: '',
  location: '',
  company: null,
  industry: '',
  pictureUrl: null,
  posts: [],
  traits: {
    acceptsInvitations: false,
    acceptDelayDays: 1,
    repliesToFollowUp: false,
    replyDelayDays: 1,
    refusesNotes: false,
  },
});

describe('CSV leads in the sandbox', () => {
  it('are viewed, engaged and invited like people found by a search', { timeout: 60_000 }, async () => {
    const user = await seedUser(h);
    const { liAt, account } = await connectLinkedIn(h, user);
    const slugs = ['maria-gonzalez-csv1', 'tom-baker-78', 'jdoe2026'];
    const { campaign } = await seedLaunchedCampaign(h, clock, user, account, slugs.map(csvLead));
    await playEngine(h, clock, account.id, new Date(START.getTime() + 22 * DAY));

    const leads = await leadsOf(h, campaign.id);
    expect(leads.map((lead) => lead.stateReason)).not.toContain('This profile is not on LinkedIn any more');
    expect(leads.every((lead) => lead.profileUrn?.startsWith('urn:li:fsd_profile:'))).toBe(true);
    const state = sandboxOf(h).memberState(liAt);
    for (const slug of slugs) {
      expect(state.profileViews.filter((v) => v.publicIdentifier === slug)).toHaveLength(1);
    }
    // Each reached the connection request (sent, or refused for a reason about the person, never absent).
    const invited = new Set(state.invitations.map((i) => i.publicIdentifier));
    for (const lead of leads) {
      const slug = lead.linkedinUrl.split('/in/')[1] ?? '';
      expect(invited.has(slug) || lead.state === 'failed').toBe(true);
    }
    expect(leads.filter((lead) => lead.state !== 'failed').length).toBeGreaterThan(0);
    // Their posts are read like anyone's: one within the campaign's 15 days got the like.
    for (const slug of slugs) {
      const person = sandboxOf(h).person(slug);
      const recent = person.posts.some((p) => Date.parse(p.postedAt) >= START.getTime() - 15 * DAY);
      const liked = state.reactions.some((r) => r.authorProfileUrn === person.profileUrn);
      expect(liked).toBe(recent);
    }
    expect(sandboxOf(h).person(slugs[0] ?? '').name).toBe('Maria Gonzalez');
  });
});
