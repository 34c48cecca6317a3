import type { PersonSummary } from '@sales-assist/linkedin-sandbox';
import type { LinkedInAccountRow } from '../../src/db/schema';
import type { Clock } from '../../src/lib/core/clock';
import type { SeededUser } from './factories';
import type { Harness } from './harness';
import { connectLinkedIn, findPeople, sandboxOf, seedLaunchedCampaign } from './outreach-factories';

/**
 * A user whose LinkedIn member is connected with `count` sandbox people who answer follow-ups, in a running
 * campaign whose leads wait for follow-up 1 now (the engine sends it at its next run).
 */
export const seedInboxCampaign = async (
  h: Harness,
  clock: Clock,
  user: SeededUser,
  count = 1,
  pick: (person: PersonSummary) => boolean = (p) => p.traits.repliesToFollowUp,
  taken = new Set<string>(),
) => {
  const { liAt, account } = await connectLinkedIn(h, user);
  const people = findPeople(h, liAt, count, pick, taken);
  const session = h.deps.linkedin.gateway.openSession({ liAt });
  for (const person of people) {
    await session.sendInvitation(person.profileUrn, null);
    sandboxOf(h).acceptNow(liAt, person.profileUrn);
  }
  const seeded = await seedLaunchedCampaign(h, clock, user, account as LinkedInAccountRow, people, {
    startAt: { state: 'request_accepted', action: 'follow_up_1', stepsDone: 4 },
  });
  return { ...seeded, liAt, account, people };
};
