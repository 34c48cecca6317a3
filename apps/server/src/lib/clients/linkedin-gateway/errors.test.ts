import { createServer } from 'node:net';
import { type LinkedInSandbox, startLinkedInSandbox } from '@sales-assist/linkedin-sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createLinkedInGateway,
  LinkedInChallengeError,
  LinkedInError,
  type LinkedInGateway,
  LinkedInNoteNotAllowedError,
  LinkedInNotFoundError,
  LinkedInRequestError,
  LinkedInSessionExpiredError,
  LinkedInThrottledError,
  LinkedInTimeoutError,
} from './index';

const LI_AT = 'AQEDAsecret-cookie-value-42';
let sandbox: LinkedInSandbox;
let gateway: LinkedInGateway;
/** Every error the gateway threw here, and every JSESSIONID it used: no error may carry a cookie. */
const thrown: unknown[] = [];
const jsessionIds: string[] = [];

const failure = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (e) {
    thrown.push(e);
    return e;
  }
  throw new Error('expected the call to fail');
};

beforeAll(async () => {
  sandbox = await startLinkedInSandbox({ networkSize: 200, seed: 2 });
  gateway = createLinkedInGateway({ baseUrl: sandbox.url, timeoutMs: 2_000 });
});
afterAll(async () => {
  await sandbox.close();
  expect(thrown.length).toBeGreaterThan(10);
  expect(jsessionIds.length).toBeGreaterThan(0);
  for (const e of thrown) {
    const text =
      e instanceof Error ? `${e.name} ${e.message} ${e.stack ?? ''} ${JSON.stringify(e)}` : String(e);
    expect(text).not.toContain(LI_AT);
    for (const id of jsessionIds) expect(text).not.toContain(id);
  }
});
beforeEach(() => sandbox.control.reset());

/** A session that has already loaded its JSESSIONID, so the next call is an API call. */
const warmSession = async () => {
  const session = gateway.openSession({ liAt: LI_AT });
  await session.me();
  const jsessionId = session.credentials().jsessionId;
  if (jsessionId) jsessionIds.push(jsessionId);
  return { session, jsessionId };
};

describe('typed errors', () => {
  it.each(['unauthorized', 'redirect', 'cleared'] as const)(
    'an expired session (%s) is a LinkedInSessionExpiredError, without the cookie in it',
    async (mode) => {
      const { session, jsessionId } = await warmSession();
      sandbox.control.expireSession(LI_AT, mode);
      const e = await failure(session.me());
      expect(e).toBeInstanceOf(LinkedInSessionExpiredError);
      expect(e).toBeInstanceOf(LinkedInError);
      expect(jsessionId).toMatch(/^ajax:/);
    },
  );

  it('a session that is expired before its first page load is expired too (302 to /login, li_at deleted)', async () => {
    sandbox.control.expireSession(LI_AT);
    expect(await failure(gateway.openSession({ liAt: LI_AT }).me())).toBeInstanceOf(
      LinkedInSessionExpiredError,
    );
  });

  it('a cookie value that could smuggle other cookies or headers is refused without calling LinkedIn', async () => {
    for (const liAt of ['', '   ', 'abc; li_at=other', 'a\r\nx-evil: 1', 'a b']) {
      expect(await failure(gateway.openSession({ liAt }).me())).toBeInstanceOf(LinkedInSessionExpiredError);
    }
    expect(
      await failure(gateway.openSession({ liAt: LI_AT, jsessionId: 'ajax:1; x=y' }).me()),
    ).toBeInstanceOf(LinkedInSessionExpiredError);
    expect(sandbox.control.requests(LI_AT)).toEqual([]);
  });

  it('429 is a LinkedInThrottledError with LinkedIn’s Retry-After; 999 gets a long default', async () => {
    const { session } = await warmSession();
    sandbox.control.throttle(LI_AT, { status: 429, retryAfterSeconds: 120 });
    expect(await failure(session.me())).toMatchObject({
      name: 'LinkedInThrottledError',
      status: 429,
      retryAfterSeconds: 120,
    });
    sandbox.control.throttle(LI_AT, { status: 999 });
    const e = await failure(session.me());
    expect(e).toBeInstanceOf(LinkedInThrottledError);
    expect(e).toMatchObject({ status: 999, retryAfterSeconds: 3600 });
    // The session keeps working once LinkedIn lets it.
    expect((await session.me()).publicIdentifier).toBeTruthy();
  });

  it('a security check is a LinkedInChallengeError, whether LinkedIn redirects or answers 403', async () => {
    const { session } = await warmSession();
    sandbox.control.challenge(LI_AT, 'redirect');
    expect(await failure(session.me())).toBeInstanceOf(LinkedInChallengeError);
    sandbox.control.challenge(LI_AT, 'forbidden');
    expect(await failure(session.me())).toBeInstanceOf(LinkedInChallengeError);
    expect(await failure(gateway.openSession({ liAt: LI_AT }).me())).toBeInstanceOf(LinkedInChallengeError);
    sandbox.control.resolveChallenge(LI_AT);
    await session.me();
  });

  it('404 is a LinkedInNotFoundError', async () => {
    const { session } = await warmSession();
    // The sandbox makes up a person for any well-formed address; one of two characters is no one's.
    expect(await failure(session.viewProfile('q1'))).toBeInstanceOf(LinkedInNotFoundError);
  });

  it('other refusals are LinkedInRequestErrors with the status and LinkedIn’s code', async () => {
    const { session } = await warmSession();
    const person = sandbox.control
      .people({ limit: 200, liAt: LI_AT })
      .people.find((p) => p.connectionDegree !== '1st');
    if (!person) throw new Error('no stranger in the network');
    await session.sendInvitation(person.profileUrn, null);
    const again = await failure(session.sendInvitation(person.profileUrn, 'Hello'));
    expect(again).toBeInstanceOf(LinkedInRequestError);
    expect(again).not.toBeInstanceOf(LinkedInNoteNotAllowedError);
    expect(again).toMatchObject({ status: 400, code: 'CANT_RESEND_YET' });
  });

  it('an unreachable LinkedIn is a LinkedInRequestError with status 0', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const offline = createLinkedInGateway({ baseUrl: `http://127.0.0.1:${port}` });
    expect(await failure(offline.openSession({ liAt: LI_AT }).me())).toMatchObject({
      name: 'LinkedInRequestError',
      status: 0,
      code: 'network_error',
    });
  });

  it('an answer that takes longer than timeoutMs is a LinkedInTimeoutError', async () => {
    const quick = createLinkedInGateway({ baseUrl: sandbox.url, timeoutMs: 100 });
    const session = quick.openSession({ liAt: LI_AT });
    await session.me();
    sandbox.control.stall(LI_AT, { ms: 5_000 });
    expect(await failure(session.me())).toBeInstanceOf(LinkedInTimeoutError);
  });
});
