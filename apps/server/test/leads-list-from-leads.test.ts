import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, lists } from '../src/db/schema';
import { seedList } from './leads-support';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ engine: false });
});
afterAll(() => h.close());

const leadIdsOf = async (listId: number): Promise<number[]> =>
  (
    await h.deps.db.select({ id: leads.id }).from(leads).where(eq(leads.listId, listId)).orderBy(leads.id)
  ).map((row) => row.id);

const fromLeads = (user: SeededUser, body: unknown) =>
  h.call('POST', '/api/lists/from-leads', { token: user.accessToken, body });

describe('POST /api/lists/from-leads (Start Outreach)', () => {
  it('copies the chosen leads of several lists into a new list named "Outreach <date>", once per profile', async () => {
    const user = await seedUser(h);
    const a = await seedList(h, user.user.id, { name: 'A', count: 3 });
    const b = await seedList(h, user.user.id, { name: 'B', count: 2 });
    const [a1, a2] = await leadIdsOf(a.id);
    const [b1] = await leadIdsOf(b.id);
    // A lead of B with the same profile as a1: one lead of the new list.
    const [twin] = await h.deps.db
      .insert(leads)
      .values({
        userId: user.user.id,
        listId: b.id,
        name: 'Twin',
        source: 'CSV',
        linkedinUrl: (
          await h.deps.db
            .select()
            .from(leads)
            .where(eq(leads.id, a1 as number))
        )[0]?.linkedinUrl as string,
      })
      .returning({ id: leads.id });

    const response = await fromLeads(user, { lead_ids: [a1, a2, b1, twin?.id, a2] });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer.message).toBe('List Created');
    expect(answer.list).toMatchObject({
      name: expect.stringMatching(/^Outreach [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      status: 'Not in Campaign',
      leadcount: 3,
    });
    const copied = await h.deps.db
      .select({ name: leads.name, userId: leads.userId, source: leads.source })
      .from(leads)
      .where(eq(leads.listId, answer.list.id))
      .orderBy(leads.id);
    expect(copied.map((row) => row.name)).toEqual(['Person 1', 'Person 2', 'Person 1']);
    expect(copied.every((row) => row.userId === user.user.id && row.source === 'CSV')).toBe(true);
    const [stored] = await h.deps.db.select().from(lists).where(eq(lists.id, answer.list.id));
    expect(stored?.leadCount).toBe(3);
    // The originals stay where they were.
    expect(await leadIdsOf(a.id)).toHaveLength(3);

    // The same default name again gets a number; the list shows in the dropdown's lists.
    const again = await fromLeads(user, { lead_ids: [a1] });
    expect(again.statusCode).toBe(201);
    expect(again.json().list.name).toBe(`${answer.list.name} (2)`);
    const options = await h.call('GET', '/api/linkedinAI/fetch_all_lists', { token: user.accessToken });
    expect(options.json().lists.map((list: { id: number }) => list.id)).toContain(answer.list.id);
  });

  it('takes a name, and refuses one the caller already has (409) without making anything', async () => {
    const user = await seedUser(h);
    const list = await seedList(h, user.user.id, { name: 'Existing', count: 1 });
    const [id] = await leadIdsOf(list.id);
    const named = await fromLeads(user, { name: '  Q4 founders ', lead_ids: [id] });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().list).toMatchObject({ name: 'Q4 founders', leadcount: 1 });
    const taken = await fromLeads(user, { name: 'existing', lead_ids: [id] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('You already have a list named "existing"');
    expect(await h.deps.db.select().from(lists).where(eq(lists.userId, user.user.id))).toHaveLength(2);
  });

  it("refuses the whole selection when one id is another user's or missing (404), making no list", async () => {
    const owner = await seedUser(h);
    const other = await seedUser(h);
    const mine = await seedList(h, owner.user.id, { count: 2 });
    const theirs = await seedList(h, other.user.id, { count: 1 });
    const [m1, m2] = await leadIdsOf(mine.id);
    const [t1] = await leadIdsOf(theirs.id);
    for (const ids of [
      [m1, m2, t1],
      [m1, 9_007_199_254_740_000],
    ]) {
      const refused = await fromLeads(owner, { lead_ids: ids });
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json()).toEqual({ error: 'not_found', message: 'Lead not found' });
    }
    expect(
      await h.deps.db
        .select()
        .from(lists)
        .where(and(eq(lists.userId, owner.user.id))),
    ).toHaveLength(1);
    expect(await leadIdsOf(theirs.id)).toEqual([t1]);
  });

  it('refuses an empty selection, more than 1,000 leads and a bad name (400), and asks who calls (401)', async () => {
    const user = await seedUser(h);
    for (const body of [
      { lead_ids: [] },
      { lead_ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      { lead_ids: [1], name: '' },
      { lead_ids: ['x'] },
    ]) {
      const response = await fromLeads(user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
    const anonymous = await h.call('POST', '/api/lists/from-leads', { body: { lead_ids: [1] } });
    expect(anonymous.statusCode).toBe(401);
  });
});
