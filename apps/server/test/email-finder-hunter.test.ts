import { type HunterStandIn, startHunterStandIn } from '@sales-assist/stand-ins/hunter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHunterEmailFinder } from '../src/lib/clients/email-finder/hunter';
import { EmailFinderError } from '../src/lib/clients/email-finder/types';

describe("Hunter's Email Finder and Email Verifier client (against the stand-in)", () => {
  let hunter: HunterStandIn;
  beforeAll(async () => {
    hunter = await startHunterStandIn();
  });
  afterAll(() => hunter.close());

  const finder = (apiKey = hunter.apiKey) =>
    createHunterEmailFinder({ apiKey, baseUrl: hunter.url, timeoutMs: 5_000 });
  const person = { firstName: 'Jane', lastName: 'Doe', domain: null, company: 'Acme Corp' };

  it('asks by domain when one is known, and reads the verifier’s status', async () => {
    hunter.knownPeople.add('jane doe');
    expect(await finder().find({ ...person, domain: 'gmail.com', company: null })).toEqual({
      email: 'jane.doe@gmail.com',
      score: expect.any(Number),
      status: 'webmail',
    });
    expect(hunter.calls.at(-2)?.params).toEqual({
      domain: 'gmail.com',
      first_name: 'Jane',
      last_name: 'Doe',
    });
  });

  it('records an address the verifier is still checking (202) or could not check (222) as unknown', async () => {
    for (const status of [202, 222] as const) {
      hunter.failNext({ status, id: 'verifying', details: '', only: 'email-verifier' });
      expect((await finder().find(person)).status).toBe('unknown');
    }
  });

  it('answers nobody found as a null address, without asking the verifier', async () => {
    hunter.unknownPeople.add('nobody here');
    const before = hunter.calls.length;
    expect(await finder().find({ ...person, firstName: 'Nobody', lastName: 'Here' })).toEqual({
      email: null,
      score: null,
      status: null,
    });
    expect(hunter.calls.length - before).toBe(1);
  });

  it('retries a 5xx once, then says Hunter is unavailable', async () => {
    hunter.failNext({ status: 503, id: 'service_unavailable', details: 'Try later' });
    expect((await finder().find(person)).email).toBe('jane.doe@acmecorp.com');
    hunter.failNext(
      { status: 503, id: 'service_unavailable', details: 'Try later' },
      { status: 500, id: 'internal_error', details: 'Oops' },
    );
    await expect(finder().find(person)).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('refuses a wrong key (401) with words that never hold the key, and reports an unreachable Hunter', async () => {
    const error = await finder('wrong-secret-key')
      .find(person)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmailFinderError);
    expect(error).toMatchObject({ kind: 'auth_failed', providerId: 'authentication_failed' });
    expect((error as Error).message).not.toContain('wrong-secret-key');

    const nowhere = createHunterEmailFinder({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    await expect(nowhere.find(person)).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('reads bad parameters (400) as a refusal of this one lookup', async () => {
    hunter.failNext({ status: 400, id: 'wrong_params', details: 'You are missing the last_name parameter' });
    await expect(finder().find(person)).rejects.toMatchObject({
      kind: 'bad_request',
      message: 'Hunter refused the request: You are missing the last_name parameter.',
    });
  });
});
