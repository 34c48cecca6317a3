import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema';
import { seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let admin: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  h = await startHarness();
  admin = await seedUser(h, { admin: true, email: 'boss@example.com' });
});
afterAll(() => h.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const adjust = (userId: string, body: unknown, token = admin.accessToken) =>
  h.call('POST', `/api/admin/users/${userId}/credits`, { token, body });

const ledgerOf = (userId: string) =>
  h.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

describe('admin: grant and remove credits', () => {
  it('answers 403 to users, and 404 for an unknown account', async () => {
    const user = await seedUser(h);
    const grant = await adjust(user.user.id, { amount: 100, reason: 'self-service' }, user.accessToken);
    expect(grant.statusCode).toBe(403);
    const history = await h.call('GET', `/api/admin/users/${user.user.id}/credits`, {
      token: user.accessToken,
    });
    expect(history.statusCode).toBe(403);
    expect(await ledgerOf(user.user.id)).toEqual([]);

    const unknown = await adjust(UNKNOWN_ID, { amount: 100, reason: 'goodwill' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    const unknownHistory = await h.call('GET', `/api/admin/users/${UNKNOWN_ID}/credits`, {
      token: admin.accessToken,
    });
    expect(unknownHistory.statusCode).toBe(404);
  });

  it('refuses bad amounts and reasons with a clear 400 and writes nothing', async () => {
    const user = await seedUser(h);
    const cases: [unknown, string][] = [
      [{ amount: 0, reason: 'nothing' }, 'Amount cannot be 0'],
      [{ amount: 2.5, reason: 'half' }, 'Amount must be a whole number of credits'],
      [{ amount: '100', reason: 'text' }, 'Amount must be a number'],
      [{ amount: 1_000_001, reason: 'too many' }, 'Amount is at most 1,000,000'],
      [{ amount: -1_000_001, reason: 'too many' }, 'Amount is at least -1,000,000'],
      [{ amount: 10, reason: '   ' }, 'Reason is required'],
      [{ amount: 10 }, 'reason is required'],
      [{ amount: 10, reason: 'x'.repeat(201) }, 'Reason is at most 200 characters'],
    ];
    for (const [body, message] of cases) {
      const answer = await adjust(user.user.id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error).toBe('validation_error');
      expect(answer.json().message).toContain(message);
    }
    const badId = await adjust('nope', { amount: 10, reason: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(await ledgerOf(user.user.id)).toEqual([]);
  });

  it('a grant and a removal are ledger entries naming the admin and the reason; the answer is the new balance', async () => {
    const user = await seedUser(h);
    const granted = await adjust(user.user.id, { amount: 300, reason: '  Refund for a failed campaign  ' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ message: 'Updated', credits: 300 });
    const removed = await adjust(user.user.id, { amount: -120, reason: 'Granted twice by mistake' });
    expect(removed.json()).toEqual({ message: 'Updated', credits: 180 });

    const rows = await ledgerOf(user.user.id);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          amount: 300,
          reason: 'admin_adjustment',
          actorId: admin.user.id,
          note: 'Refund for a failed campaign',
        }),
        expect.objectContaining({
          amount: -120,
          reason: 'admin_adjustment',
          actorId: admin.user.id,
          note: 'Granted twice by mistake',
        }),
      ]),
    );
    // The users table and the account itself read the same balance.
    const listed = await h.call('GET', `/api/admin/users?query=${encodeURIComponent(user.email)}`, {
      token: admin.accessToken,
    });
    expect(listed.json().users[0].credits).toBe(180);
    expect((await h.call('GET', '/api/me', { token: user.accessToken })).json().credits).toBe(180);
  });

  it('removing more than the balance is 409 and writes nothing', async () => {
    const user = await seedUser(h);
    await adjust(user.user.id, { amount: 40, reason: 'start' });
    const refused = await adjust(user.user.id, { amount: -41, reason: 'too much' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'conflict',
      message: 'This account has 40 credits: you can remove at most that many',
    });
    const exact = await adjust(user.user.id, { amount: -40, reason: 'all of it' });
    expect(exact.json().credits).toBe(0);
    expect((await adjust(user.user.id, { amount: -1, reason: 'below zero' })).statusCode).toBe(409);
    expect((await ledgerOf(user.user.id)).reduce((sum, row) => sum + row.amount, 0)).toBe(0);
  });

  it('concurrent removals never take a balance below zero', async () => {
    const user = await seedUser(h);
    await adjust(user.user.id, { amount: 100, reason: 'start' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        adjust(user.user.id, { amount: -30, reason: `removal ${index}` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409]);
    const balances = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json().credits as number)
      .sort((a, b) => b - a);
    expect(balances).toEqual([70, 40, 10]);
    const rows = await ledgerOf(user.user.id);
    expect(rows).toHaveLength(4);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(10);
  });

  it("the ledger history is the account's entries, newest first, paged, with the admin's e-mail on adjustments", async () => {
    const user = await seedUser(h);
    const other = await seedUser(h);
    await adjust(other.user.id, { amount: 999, reason: 'someone else' });
    const base = h.deps.clock.now().getTime();
    await h.deps.db.insert(creditLedger).values({
      userId: user.user.id,
      amount: 25,
      reason: 'signup_grant',
      createdAt: new Date(base - 60_000),
    });
    for (const [index, amount] of [50, -10, 5].entries()) {
      await h.deps.db.insert(creditLedger).values({
        userId: user.user.id,
        amount,
        reason: 'admin_adjustment',
        actorId: admin.user.id,
        note: `step ${index}`,
        createdAt: new Date(base + index * 1000),
      });
    }
    const first = await h.call('GET', `/api/admin/users/${user.user.id}/credits?page=0&limit=3`, {
      token: admin.accessToken,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 4, balance: 70 });
    expect(first.json().entries).toMatchObject([
      { amount: 5, reason: 'admin_adjustment', note: 'step 2', actor_email: 'boss@example.com' },
      { amount: -10, note: 'step 1', actor_email: 'boss@example.com' },
      { amount: 50, note: 'step 0' },
    ]);
    const second = await h.call('GET', `/api/admin/users/${user.user.id}/credits?page=1&limit=3`, {
      token: admin.accessToken,
    });
    expect(second.json().entries).toMatchObject([
      { amount: 25, reason: 'signup_grant', note: null, actor_email: null },
    ]);
    const badPage = await h.call('GET', `/api/admin/users/${user.user.id}/credits?limit=500`, {
      token: admin.accessToken,
    });
    expect(badPage.statusCode).toBe(400);
  });
});
