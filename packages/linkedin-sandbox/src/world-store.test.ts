import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LinkedInSandbox, type PersonSummary, startLinkedInSandbox } from './index';
import { sessionKeyOf } from './session-key';
import { DAY_MS, openBrowser, testClock } from './test-support';

const clock = testClock();
const LI_AT = 'AQEDAkept';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sandbox-world-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const start = (options: { seed?: number; dataDir?: string } = {}) =>
  startLinkedInSandbox({
    networkSize: 300,
    seed: 5,
    now: clock.now,
    daySeconds: 60,
    dataDir: dir,
    ...options,
  });

const profilePath = (slug: string) =>
  `/voyager/api/identity/dash/profiles?q=memberIdentity&memberIdentity=${slug}&decorationId=com.linkedin.voyager.dash.deco.identity.profile.WebTopCardCore-16`;

const invite = (browser: Awaited<ReturnType<typeof openBrowser>>, person: PersonSummary) =>
  browser.call(
    'POST',
    '/voyager/api/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2',
    {
      invitee: { inviteeUnion: { memberProfile: person.profileUrn } },
    },
  );

describe('a sandbox with a data directory', () => {
  it('keeps its world across a restart: actions, sessions, made-up people, ids and the clock', async () => {
    let sandbox: LinkedInSandbox = await start();
    const strangers = sandbox.control
      .people({ limit: 300, liAt: LI_AT })
      .people.filter((p) => p.connectionDegree !== '1st' && !p.traits.acceptsInvitations);
    const [friend, pending] = strangers.filter((p) => p.posts.length > 0);
    if (!friend || !pending) throw new Error('no such people');
    const csvLead = sandbox.control.person('https://www.linkedin.com/in/kim-park-55');
    const browser = await openBrowser(sandbox.url, LI_AT);
    await browser.call('GET', profilePath(friend.publicIdentifier));
    await browser.call('GET', profilePath(csvLead.publicIdentifier));
    const post = friend.posts[0]?.postUrn ?? '';
    await browser.call(
      'POST',
      `/voyager/api/voyagerSocialDashReactions?threadUrn=${encodeURIComponent(post)}`,
      {
        reactionType: 'LIKE',
      },
    );
    await browser.call('POST', '/voyager/api/voyagerSocialDashNormComments', {
      commentary: { text: 'Kept across restarts' },
      threadUrn: post,
    });
    expect((await invite(browser, friend)).status).toBe(200);
    expect((await invite(browser, pending)).status).toBe(200);
    expect((await invite(browser, csvLead)).status).toBe(200);
    sandbox.control.acceptNow(LI_AT, friend.profileUrn);
    await browser.call('POST', '/voyager/api/messaging/conversations?action=create', {
      conversationCreate: {
        eventCreate: {
          value: {
            'com.linkedin.voyager.messaging.create.MessageCreate': { attributedBody: { text: 'Hello' } },
          },
        },
        recipients: [friend.profileUrn],
      },
    });
    sandbox.control.setNotesAllowed(LI_AT, false);
    sandbox.control.advanceTime(2 * DAY_MS);
    const renewed = sandbox.control.renewSession(LI_AT);
    // A browser of another session: its JSESSIONID is any value the sandbox set, so it works after a restart.
    const gone = await openBrowser(sandbox.url, 'AQEDAgone');
    sandbox.control.expireSession('AQEDAgone');
    const before = sandbox.control.memberState(LI_AT);
    const nowBefore = sandbox.control.info().now;
    await sandbox.close();

    // The file is whole (written aside, then renamed over the old one): no temporary file is left.
    expect((await readdir(dir)).sort()).toEqual(['world.json']);
    const kept = await readFile(path.join(dir, 'world.json'), 'utf8');
    expect(JSON.parse(kept)).toMatchObject({ seed: 5 });
    // Only what LinkedIn would keep: a hash of each session cookie, never the cookie.
    for (const cookie of [LI_AT, renewed, 'AQEDAgone']) expect(kept).not.toContain(cookie);
    expect(kept).toContain(sessionKeyOf(LI_AT));

    sandbox = await start();
    try {
      expect(sandbox.control.memberState(LI_AT)).toEqual(before);
      expect(sandbox.control.info().now).toBe(nowBefore);
      // The renewed cookie is still the same member; the expired one still expired.
      expect(sandbox.control.memberState(renewed).member).toEqual(before.member);
      const again = await openBrowser(sandbox.url, LI_AT);
      const goneAgain = await openBrowser(sandbox.url, LI_AT);
      const me = await fetch(`${sandbox.url}/voyager/api/me`, {
        headers: {
          cookie: `li_at=AQEDAgone; JSESSIONID="${gone.jsessionId}"`,
          'csrf-token': gone.jsessionId,
        },
      });
      expect(me.status).toBe(401);
      expect((await goneAgain.call('GET', '/voyager/api/me')).status).toBe(200);
      // Read-back after a restart finds what was done, and an action is not taken twice.
      expect((await invite(again, pending)).status).toBe(400);
      const sent = await again.call(
        'GET',
        '/voyager/api/relationships/sentInvitationViewsV2?q=invitationType&invitationType=CONNECTION',
      );
      expect(JSON.stringify(sent.body)).toContain(csvLead.publicIdentifier);
      expect(JSON.stringify(sent.body)).toContain(pending.publicIdentifier);
      // New ids follow the kept ones.
      await again.call('POST', '/voyager/api/voyagerSocialDashNormComments', {
        commentary: { text: 'After the restart' },
        threadUrn: post,
      });
      const comments = sandbox.control.memberState(LI_AT).comments.map((c) => c.commentUrn);
      expect(new Set(comments).size).toBe(2);
    } finally {
      await sandbox.close();
    }
  });

  it('reads a world written with plain cookies (version 1), keeps its members and rewrites it without them', async () => {
    const older = await mkdtemp(path.join(tmpdir(), 'sandbox-v1-'));
    const cookie = 'AQEDAwritten-by-version-1';
    try {
      const first = await start({ dataDir: older });
      const person = first.control
        .people({ limit: 50, liAt: cookie })
        .people.find((p) => p.connectionDegree !== '1st');
      if (!person) throw new Error('no such person');
      expect((await invite(await openBrowser(first.url, cookie), person)).status).toBe(200);
      first.control.setNotesAllowed(cookie, false);
      const before = first.control.memberState(cookie);
      await first.close();
      // The same world as version 1 wrote it: sessions and members by the cookie itself.
      const file = path.join(older, 'world.json');
      const current = JSON.parse(await readFile(file, 'utf8')) as {
        sessions: Array<{ key: string; memberKey: string; memberSeed: number }>;
        members: Array<{ key: string; seed: number }>;
      };
      const plain = (key: string) => (key === sessionKeyOf(cookie) ? cookie : key);
      const version1 = {
        ...current,
        version: 1,
        sessions: current.sessions.map(({ key, memberKey, memberSeed: _seed, ...flags }) => ({
          liAt: plain(key),
          memberKey: plain(memberKey),
          ...flags,
        })),
        members: current.members.map(({ key, seed: _seed, ...member }) => ({ key: plain(key), ...member })),
      };
      expect(JSON.stringify(version1)).toContain(cookie);
      await writeFile(file, JSON.stringify(version1));

      const migrated = await start({ dataDir: older });
      try {
        // Written again at start, before any call: the cookie is gone from the data directory.
        const text = await readFile(file, 'utf8');
        expect(text).not.toContain(cookie);
        expect(JSON.parse(text)).toMatchObject({ version: 2 });
        // The same member, with what it did, and the cookie still signs in as them.
        expect(migrated.control.memberState(cookie)).toEqual(before);
        const browser = await openBrowser(migrated.url, cookie);
        const me = await browser.call('GET', '/voyager/api/me');
        expect(me.status).toBe(200);
        expect(JSON.stringify(me.body)).toContain(before.member.publicIdentifier);
      } finally {
        await migrated.close();
      }
    } finally {
      await rm(older, { recursive: true, force: true });
    }
  });

  it('starts a new world when the kept one belongs to another seed', async () => {
    const other = await start({ seed: 6 });
    try {
      expect(other.control.memberState(LI_AT).invitations).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('sets an unreadable file aside and begins a new world', async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'sandbox-broken-'));
    try {
      await writeFile(path.join(broken, 'world.json'), '{"version":1,');
      const fresh = await start({ dataDir: broken });
      try {
        expect(fresh.control.memberState(LI_AT).invitations).toEqual([]);
      } finally {
        await fresh.close();
      }
      const files = await readdir(broken);
      expect(files).toContain('world.json');
      expect(files.some((f) => f.startsWith('world.json.unreadable-'))).toBe(true);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('keeps nothing without a data directory', async () => {
    const a = await startLinkedInSandbox({ networkSize: 300, seed: 5, now: clock.now });
    const person = a.control
      .people({ limit: 50, liAt: LI_AT })
      .people.find((p) => p.connectionDegree !== '1st');
    if (!person) throw new Error('no such person');
    expect((await invite(await openBrowser(a.url, LI_AT), person)).status).toBe(200);
    await a.close();
    const b = await startLinkedInSandbox({ networkSize: 300, seed: 5, now: clock.now });
    try {
      expect(b.control.memberState(LI_AT).invitations).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
