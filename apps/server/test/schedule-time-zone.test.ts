import type { TMeResponse } from '@sales-assist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialConnections } from '../src/db/schema';
import { type ScheduleHarness, seedConnection, startScheduleHarness } from './schedule-support';
import { reloadUser, seedUser } from './support/factories';
import type { Harness } from './support/harness';

let h: Harness;
let call: ScheduleHarness['call'];

beforeAll(async () => {
  ({ h, call } = await startScheduleHarness(new Date('2026-03-01T12:00:00Z')));
});
afterAll(() => h.close());

describe('The user’s time zone on /api/me', () => {
  it('starts unset (the browser’s zone is used) and keeps the zone chosen, spelt as the zone list spells it', async () => {
    const user = await seedUser(h);
    expect((await call(user, 'GET', '/me')).json<TMeResponse>().time_zone).toBeNull();

    const chosen = await call(user, 'PUT', '/me', { time_zone: 'Europe/Paris' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<TMeResponse>().time_zone).toBe('Europe/Paris');
    expect((await call(user, 'GET', '/me')).json<TMeResponse>().time_zone).toBe('Europe/Paris');

    for (const [sent, kept] of [
      ['america/new_york', 'America/New_York'],
      // Linked names stay as chosen: browsers and servers disagree on which one is the main name.
      ['US/Eastern', 'US/Eastern'],
      [' Asia/Kolkata ', 'Asia/Kolkata'],
      ['Asia/Calcutta', 'Asia/Calcutta'],
      ['UTC', 'UTC'],
    ]) {
      const answer = await call(user, 'PUT', '/me', { time_zone: sent });
      expect(answer.json<TMeResponse>().time_zone, sent).toBe(kept);
    }
    expect((await reloadUser(h, user.user.id)).timeZone).toBe('UTC');
  });

  it('refuses a zone it does not know with "Unknown time zone" and keeps the previous one', async () => {
    const user = await seedUser(h);
    await call(user, 'PUT', '/me', { time_zone: 'America/New_York' });
    for (const zone of [
      'Mars/Olympus_Mons',
      'Europe/Pariss',
      '+05:00',
      '-0500',
      'GMT+5',
      '',
      'x'.repeat(65),
    ]) {
      const answer = await call(user, 'PUT', '/me', { time_zone: zone });
      expect(answer.statusCode, zone).toBe(400);
      expect(answer.json().message, zone).toBe('Unknown time zone');
    }
    expect((await call(user, 'GET', '/me')).json<TMeResponse>().time_zone).toBe('America/New_York');
  });

  it('changes only the fields sent: the company name and the zone each keep their value, and null clears the zone', async () => {
    const user = await seedUser(h);
    await call(user, 'PUT', '/me', { companyName: 'Roastery Ltd' });
    await call(user, 'PUT', '/me', { time_zone: 'Asia/Tokyo' });
    const both = (await call(user, 'GET', '/me')).json<TMeResponse>();
    expect([both.companyName, both.time_zone]).toEqual(['Roastery Ltd', 'Asia/Tokyo']);

    await call(user, 'PUT', '/me', { companyName: 'Roastery & Co' });
    expect((await call(user, 'GET', '/me')).json<TMeResponse>().time_zone).toBe('Asia/Tokyo');

    const cleared = await call(user, 'PUT', '/me', { time_zone: null });
    expect(cleared.json<TMeResponse>()).toMatchObject({ companyName: 'Roastery & Co', time_zone: null });
    // An empty company name is still refused.
    expect((await call(user, 'PUT', '/me', { companyName: ' ' })).statusCode).toBe(400);
  });
});

describe('The session’s connection flags on /api/me', () => {
  it('are true for the platforms with a working account only', async () => {
    const user = await seedUser(h);
    expect((await call(user, 'GET', '/me')).json<TMeResponse>().socialMediaConnection).toEqual({
      facebook: false,
      instagram: false,
      linkedin: false,
      wordpress: false,
    });
    await seedConnection(h, user, 'facebook');
    await seedConnection(h, user, 'facebook');
    await seedConnection(h, user, 'linkedin', { status: 'reconnect' });
    const site = await seedConnection(h, user, 'wordpress');
    // A token past its end works no more (the harness's clock says 1 March 2026).
    await h.deps.db
      .update(socialConnections)
      .set({ tokenExpiresAt: new Date('2026-02-28T00:00:00Z') })
      .where(eq(socialConnections.id, site.id));
    const other = await seedUser(h);
    await seedConnection(h, other, 'instagram');

    expect((await call(user, 'GET', '/me')).json<TMeResponse>().socialMediaConnection).toEqual({
      facebook: true,
      instagram: false,
      linkedin: false,
      wordpress: false,
    });
  });
});
