import { describe, expect, it } from 'vitest';
import { createMember, distanceOf } from './members';
import { activityTime, generateNetwork } from './network';

const anchor = new Date('2025-03-03T09:00:00.000Z');

describe('the simulated network', () => {
  it('is the same for the same seed and different for another', () => {
    const a = generateNetwork({ seed: 7, size: 300, anchor });
    const b = generateNetwork({ seed: 7, size: 300, anchor });
    const c = generateNetwork({ seed: 8, size: 300, anchor });
    expect(JSON.stringify(b.people)).toBe(JSON.stringify(a.people));
    expect(JSON.stringify(b.companies)).toBe(JSON.stringify(a.companies));
    expect(c.people.map((p) => p.publicIdentifier)).not.toEqual(a.people.map((p) => p.publicIdentifier));
  });

  it('does not depend on the time of day it starts, only on the day', () => {
    const morning = generateNetwork({ seed: 7, size: 50, anchor: new Date('2025-03-03T01:00:00Z') });
    const evening = generateNetwork({ seed: 7, size: 50, anchor: new Date('2025-03-03T23:00:00Z') });
    expect(JSON.stringify(evening.people)).toBe(JSON.stringify(morning.people));
  });

  it('has people shaped like LinkedIn members, with the documented spread of traits', () => {
    const { people, byPublicIdentifier, byProfileId } = generateNetwork({ seed: 1, size: 2000, anchor });
    expect(people).toHaveLength(2000);
    expect(byPublicIdentifier.size).toBe(2000);
    expect(byProfileId.size).toBe(2000);
    for (const p of people.slice(0, 200)) {
      expect(p.publicIdentifier).toMatch(/^[a-z0-9-]+-[0-9a-f]{5,}$/);
      expect(p.profileId).toMatch(/^ACoAA[A-Za-z0-9_-]{34}$/);
      expect(p.firstName.length).toBeGreaterThan(0);
      expect(p.posts.length).toBeLessThanOrEqual(5);
      const times = p.posts.map((post) => post.postedAt.getTime());
      expect(times).toEqual([...times].sort((x, y) => y - x));
      for (const post of p.posts) {
        expect(activityTime(post.activityId).getTime()).toBe(post.postedAt.getTime());
        expect(post.postedAt.getTime()).toBeLessThanOrEqual(anchor.getTime());
      }
    }
    const share = (f: (p: (typeof people)[number]) => boolean) => people.filter(f).length / people.length;
    expect(share((p) => p.pictureId === null)).toBeGreaterThan(0.1);
    expect(share((p) => p.pictureId === null)).toBeLessThan(0.2);
    expect(share((p) => p.posts.length === 0)).toBeGreaterThan(0.15);
    expect(share((p) => p.posts.length === 0)).toBeLessThan(0.25);
    expect(share((p) => p.traits.acceptsInvitations)).toBeGreaterThan(0.5);
    expect(share((p) => p.traits.acceptsInvitations)).toBeLessThan(0.6);
    expect(share((p) => p.traits.repliesToFollowUp)).toBeGreaterThan(0.2);
    expect(share((p) => p.traits.repliesToFollowUp)).toBeLessThan(0.3);
    expect(share((p) => p.traits.refusesNotes)).toBeGreaterThan(0);
    expect(Math.min(...people.map((p) => p.traits.acceptDelayDays))).toBe(1);
    expect(Math.max(...people.map((p) => p.traits.acceptDelayDays))).toBe(10);
    expect(Math.max(...people.map((p) => p.traits.replyDelayDays))).toBe(3);
  });
});

describe('members derived from the session cookie', () => {
  const network = generateNetwork({ seed: 1, size: 2000, anchor });

  it('are the same member for the same li_at and another for another', () => {
    const a = createMember(network, 'AQEDAcookie-one');
    const again = createMember(network, 'AQEDAcookie-one');
    const other = createMember(network, 'AQEDAcookie-two');
    expect(again.profile).toEqual(a.profile);
    expect([...again.baseConnections]).toEqual([...a.baseConnections]);
    expect(other.profile.profileId).not.toBe(a.profile.profileId);
  });

  it('start with a few hundred 1st-degree connections, the rest 2nd or 3rd+', () => {
    const m = createMember(network, 'AQEDAcookie-one');
    expect(m.baseConnections.size).toBeGreaterThanOrEqual(150);
    expect(m.baseConnections.size).toBeLessThanOrEqual(400);
    const counts = { DISTANCE_1: 0, DISTANCE_2: 0, DISTANCE_3: 0 };
    for (const p of network.people) counts[distanceOf(m, p)] += 1;
    expect(counts.DISTANCE_1).toBe(m.baseConnections.size);
    expect(counts.DISTANCE_2).toBeGreaterThan(500);
    expect(counts.DISTANCE_3).toBeGreaterThan(500);
  });
});
