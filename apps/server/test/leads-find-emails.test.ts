import {
  HUNTER_TOO_MANY_REQUESTS,
  type HunterStandIn,
  standInEmailOf,
  standInHunterEnv,
  startHunterStandIn,
} from '@sales-assist/stand-ins/hunter';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, leads } from '../src/db/schema';
import { seedList } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const grant = (h: Harness, userId: string, amount: number) =>
  h.deps.db.insert(creditLedger).values({ userId, amount, reason: 'signup_grant' });

const balanceOf = async (h: Harness, userId: string): Promise<number> => {
  const [row] = await h.deps.db
    .select({ sum: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.sum ?? 0);
};

/** Leads of one new list with the given names and companies; answers their ids in order. */
const seedPeople = async (h: Harness, userId: string, people: [string, string][]): Promise<number[]> => {
  const list = await seedList(h, userId, { count: 0 });
  const rows = await h.deps.db
    .insert(leads)
    .values(
      people.map(([name, company], i) => ({
        userId,
        listId: list.id,
        name,
        company,
        source: 'CSV',
        linkedinUrl: `https://www.linkedin.com/in/p-${list.id}-${i}`,
      })),
    )
    .returning({ id: leads.id });
  return rows.map((row) => row.id);
};

const emailRow = async (h: Harness, id: number) =>
  (
    await h.deps.db
      .select({
        email: leads.email,
        confidence: leads.emailConfidence,
        status: leads.emailStatus,
        provider: leads.emailProvider,
        checkedAt: leads.emailCheckedAt,
      })
      .from(leads)
      .where(eq(leads.id, id))
  )[0];

describe('Find Email with Hunter (its stand-in)', () => {
  let h: Harness;
  let hunter: HunterStandIn;
  const logLines: string[] = [];
  beforeAll(async () => {
    hunter = await startHunterStandIn();
    h = await startHarness({
      engine: false,
      logSink: (line) => logLines.push(line),
      env: standInHunterEnv(hunter),
    });
  });
  afterEach(() => {
    hunter.unknownPeople.clear();
    hunter.knownPeople.clear();
    hunter.acceptAllDomains.clear();
    hunter.claimedPeople.clear();
  });
  afterAll(async () => {
    await h.close();
    await hunter.close();
  });

  const find = (user: SeededUser, ids: unknown) =>
    h.call('POST', '/api/leads/find-emails', { token: user.accessToken, body: { lead_ids: ids } });

  it('says a provider is configured', async () => {
    const user = await seedUser(h);
    const status = await h.call('GET', '/api/leads/email-finder', { token: user.accessToken });
    expect(status.json()).toEqual({ provider: 'hunter', note: null });
  });

  it('finds and verifies, stores each result on its lead, charges 1 credit per e-mail found and none for a miss', async () => {
    const user = await seedUser(h);
    await grant(h, user.user.id, 10);
    hunter.knownPeople.add('jane doe').add('omar haddad');
    hunter.unknownPeople.add('li wei');
    hunter.acceptAllDomains.add('globexgroup.com');
    const [jane, li, omar, nobody] = await seedPeople(h, user.user.id, [
      ['Jane Doe, MBA', 'Acme Corp'],
      ['Li Wei', 'Acme Corp'],
      ['Omar Haddad', 'Globex Group'],
      ['Sam Noco', ''],
    ]);

    const response = await find(user, [jane, li, omar, nobody]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ found: 2, not_found: 1, credits: 8, stopped: null });
    expect(answer.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'found',
      'not_found',
      'found',
      'no_company',
    ]);
    expect(answer.results[0].email).toMatchObject({
      address: standInEmailOf('Jane', 'Doe', 'acmecorp.com'),
      status: 'valid',
      provider: 'hunter',
      confidence: expect.any(Number),
    });
    expect(answer.results[2].email).toMatchObject({
      address: 'omar.haddad@globexgroup.com',
      status: 'accept_all',
    });

    expect(await emailRow(h, jane as number)).toMatchObject({
      email: 'jane.doe@acmecorp.com',
      status: 'valid',
      provider: 'hunter',
      checkedAt: expect.any(Date),
    });
    // A miss is kept as tried, with no address and nothing charged.
    expect(await emailRow(h, li as number)).toMatchObject({ email: null, status: null, provider: 'hunter' });
    expect((await emailRow(h, nobody as number))?.checkedAt).toBeNull();
    expect(await balanceOf(h, user.user.id)).toBe(8);

    // Hunter was asked by company name with the first and last names; the key went in a header, never the URL.
    const finderCalls = hunter.calls.filter((call) => call.path === '/v2/email-finder');
    expect(finderCalls.at(-1)?.params).toEqual({
      company: 'Globex Group',
      first_name: 'Omar',
      last_name: 'Haddad',
    });
    expect(hunter.calls.every((call) => call.keyGiven)).toBe(true);
    expect(logLines.join('\n')).not.toContain(hunter.apiKey);

    // The all-leads page shows it; a lead found before is not asked (or charged) again.
    const page = await h.call('GET', '/api/linkedinAI/all_leads?page=0&row=10', { token: user.accessToken });
    const shown = page.json().leads.find((lead: { id: number }) => lead.id === jane);
    expect(shown.email).toMatchObject({ address: 'jane.doe@acmecorp.com', status: 'valid' });
    const callsBefore = hunter.calls.length;
    const again = await find(user, [jane]);
    expect(again.json()).toMatchObject({ found: 0, results: [{ outcome: 'already_found' }], credits: 8 });
    expect(hunter.calls.length).toBe(callsBefore);
  });

  it('retries a 429 once, reports a second one with Hunter’s words, and writes nothing half-way', async () => {
    const user = await seedUser(h);
    await grant(h, user.user.id, 5);
    hunter.knownPeople.add('ada byron').add('alan turing').add('grace hopper');
    const [ada, alan, grace] = await seedPeople(h, user.user.id, [
      ['Ada Byron', 'Analytical'],
      ['Alan Turing', 'Bletchley'],
      ['Grace Hopper', 'Navy'],
    ]);

    hunter.failNext(HUNTER_TOO_MANY_REQUESTS);
    const retried = await find(user, [ada]);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ found: 1, credits: 4 });

    // The finder answers, then the verifier is limited twice: the lead keeps no unverified address.
    const before = hunter.calls.length;
    hunter.failNext(
      { ...HUNTER_TOO_MANY_REQUESTS, only: 'email-verifier' },
      { ...HUNTER_TOO_MANY_REQUESTS, only: 'email-verifier' },
    );
    const limited = await find(user, [alan]);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json()).toMatchObject({
      error: 'email_finder_failed',
      message: expect.stringContaining('Hunter is limiting requests'),
    });
    expect(limited.headers['retry-after']).toBe('60');
    expect(hunter.calls.slice(before).map((call) => call.path)).toEqual([
      '/v2/email-finder',
      '/v2/email-verifier',
      '/v2/email-verifier',
    ]);
    expect(await emailRow(h, alan as number)).toMatchObject({ email: null, checkedAt: null });
    expect(await balanceOf(h, user.user.id)).toBe(4);

    // After a lead is done, a refusal stops the call and says why; the lead done is kept and paid for.
    hunter.failNext(
      { ...HUNTER_TOO_MANY_REQUESTS, person: 'alan turing' },
      { ...HUNTER_TOO_MANY_REQUESTS, person: 'alan turing' },
    );
    const partial = await find(user, [grace, alan]);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({
      found: 1,
      credits: 3,
      results: [{ lead_id: grace, outcome: 'found' }],
      stopped: expect.stringContaining('Hunter is limiting requests'),
    });
    expect(await emailRow(h, grace as number)).toMatchObject({ email: 'grace.hopper@navy.com' });
    expect(await emailRow(h, alan as number)).toMatchObject({ email: null, checkedAt: null });
    expect(await balanceOf(h, user.user.id)).toBe(3);
  });

  it('stops with Hunter’s words when the key is refused (401) before any lead, and a person who opted out is left out', async () => {
    const user = await seedUser(h);
    await grant(h, user.user.id, 5);
    hunter.claimedPeople.add('rosa parks');
    const [rosa] = await seedPeople(h, user.user.id, [['Rosa Parks', 'Montgomery']]);
    const left = await find(user, [rosa]);
    expect(left.json()).toMatchObject({
      found: 0,
      not_found: 1,
      results: [{ outcome: 'left_out', email: null }],
    });
    expect(await emailRow(h, rosa as number)).toMatchObject({ email: null, checkedAt: null });

    hunter.failNext({
      status: 401,
      id: 'authentication_failed',
      details: 'No user found for the API key supplied',
    });
    hunter.claimedPeople.clear();
    const refused = await find(user, [rosa]);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      error: 'email_finder_failed',
      message: 'Hunter did not accept the API key: check HUNTER_API_KEY.',
    });
    expect(await balanceOf(h, user.user.id)).toBe(5);
  });

  it('refuses without credits (402), others’ or missing leads (404, nothing asked), and more than 25 leads (400)', async () => {
    const user = await seedUser(h);
    const other = await seedUser(h);
    const [mine] = await seedPeople(h, user.user.id, [['Jane Doe', 'Acme']]);
    const [theirs] = await seedPeople(h, other.user.id, [['John Roe', 'Acme']]);
    const broke = await find(user, [mine]);
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error).toBe('insufficient_credits');
    await grant(h, user.user.id, 3);
    const before = hunter.calls.length;
    const foreign = await find(user, [mine, theirs]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: 'Lead not found' });
    expect(hunter.calls.length).toBe(before);
    const tooMany = await find(
      user,
      Array.from({ length: 26 }, (_, i) => i + 1),
    );
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('Find Email without a provider', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ engine: false });
  });
  afterAll(() => h.close());

  it('says what to set up, in the status and as a 409 with the same words', async () => {
    const user = await seedUser(h);
    await grant(h, user.user.id, 5);
    const [id] = await seedPeople(h, user.user.id, [['Jane Doe', 'Acme']]);
    const status = await h.call('GET', '/api/leads/email-finder', { token: user.accessToken });
    expect(status.json()).toEqual({ provider: null, note: expect.stringContaining('HUNTER_API_KEY') });
    const refused = await h.call('POST', '/api/leads/find-emails', {
      token: user.accessToken,
      body: { lead_ids: [id] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'email_finder_not_configured', message: status.json().note });
  });
});
