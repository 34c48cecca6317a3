import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TLeadResearch } from '@sales-assist/contract';
import type { PersonSummary } from '@sales-assist/linkedin-sandbox';
import {
  type LlmStandIn,
  STAND_IN_RESEARCH,
  standInLlmEnv,
  startLlmStandIn,
} from '@sales-assist/stand-ins/llm';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, aiUsage, leads, linkedinAccounts } from '../src/db/schema';
import { FetchFailedError, type SafeFetch } from '../src/lib/security/safe-fetch';
import { DAILY_CAPS } from '../src/modules/outreach/caps';
import { connectLinkedIn, seedCampaignList } from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { sandboxOf } from './support/outreach-factories';

const SITE = 'https://www.brightpipe.example/';
const LANDING = readFileSync(
  path.join(import.meta.dirname, 'fixtures/website/brightpipe-landing.html'),
  'utf8',
);
const fakeFetch: SafeFetch = async (url) => {
  if (url === SITE)
    return { finalUrl: url, status: 200, contentType: 'text/html; charset=utf-8', body: LANDING };
  throw new FetchFailedError('bad_status', `the site answered 503`, { status: 503 });
};

/** A user with LinkedIn connected and one lead: a sandbox member who has posted (with a position). */
const userWithLead = async (h: Harness, pick: (p: PersonSummary) => boolean = (p) => p.posts.length >= 2) => {
  const user = await seedUser(h);
  const liAt = await connectLinkedIn(h, user);
  const person = sandboxOf(h)
    .people({ limit: 400 })
    .people.find((p) => p.company !== null && pick(p));
  if (!person) throw new Error('no such person in the sandbox');
  const list = await seedCampaignList(h, user.user.id, 1);
  await h.deps.db.update(leads).set({ linkedinUrl: person.profileUrl }).where(eq(leads.listId, list.id));
  const [lead] = await h.deps.db.select().from(leads).where(eq(leads.listId, list.id));
  if (!lead) throw new Error('no lead');
  return { user, liAt, person, lead, list };
};

const research = (h: Harness, user: SeededUser, leadId: number, body: Record<string, unknown> = {}) =>
  h.call('POST', `/api/leads/${leadId}/research`, { token: user.accessToken, body });

const textOf = (card: TLeadResearch, id: string) => card.sources.find((s) => s.id === id)?.text ?? '';

describe('research one lead without a model', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deps: { safeFetch: fakeFetch, ai: null }, engine: false });
  });
  afterAll(() => h.close());

  it('writes a card from the profile, the posts and the site that quotes only them, and saves it', async () => {
    const { user, liAt, person, lead } = await userWithLead(h);
    const response = await research(h, user, lead.id, { website: SITE });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TLeadResearch>();
    expect(body.writer).toBe('offline');
    expect(body.model).toBeNull();
    expect(body.sources.map((s) => s.id)).toEqual([
      'profile',
      ...person.posts.slice(0, 5).map((_, i) => `post-${i + 1}`),
      'site',
    ]);
    // Each post source is the post itself, with its address and date.
    for (const [i, post] of person.posts.slice(0, 5).entries()) {
      const source = body.sources.find((s) => s.id === `post-${i + 1}`);
      expect(source).toMatchObject({ kind: 'post', date: post.postedAt, text: post.text });
      expect(source?.url).toBe(`https://www.linkedin.com/feed/update/${post.postUrn}/`);
    }
    expect(body.card.role?.text).toContain(person.company ?? '');
    expect(body.card.role?.text).toMatch(/ since \w+ \d{4}/);
    expect(body.card.company?.source).toBe('site');
    expect(textOf(body, 'site')).toContain(body.card.company?.text.split(' For: ')[0] ?? 'x');
    // Every topic and talking point is the lead's own words, found in the post it cites.
    expect(body.card.topics.length).toBeGreaterThan(0);
    for (const topic of body.card.topics)
      expect(textOf(body, topic.source).toLowerCase()).toContain(topic.text.toLowerCase());
    for (const point of body.card.talking_points)
      expect(textOf(body, point.source)).toContain(point.text.replace(/^“|”$/g, ''));
    expect(body.card.opening_line).toMatchObject({ source: null });
    expect(body.card.opening_line?.text).toMatch(/^Write here:/);
    expect(body.notes).toContain(
      'Written without an AI model: every point is taken from the sources as they are.',
    );

    // The read was a profile view on LinkedIn, logged for the account's daily cap.
    expect(sandboxOf(h).memberState(liAt).profileViews).toHaveLength(1);
    const logged = await h.deps.db.select().from(activityLog).where(eq(activityLog.userId, user.user.id));
    expect(logged).toEqual([expect.objectContaining({ action: 'view_profile', campaignId: null })]);

    const saved = await h.call('GET', `/api/leads/${lead.id}/research`, { token: user.accessToken });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(body);
    const found = await h.call('GET', `/api/prospect-research/leads?q=${encodeURIComponent('Person 1')}`, {
      token: user.accessToken,
    });
    expect(found.json().leads).toEqual([
      expect.objectContaining({ id: lead.id, researched_at: body.researched_at }),
    ]);
    const recent = await h.call('GET', '/api/prospect-research/leads', { token: user.accessToken });
    expect(recent.json().leads.map((l: { id: number }) => l.id)).toEqual([lead.id]);
  });

  it('"Research again" reads the site it read before; a remembered site that fails becomes a note', async () => {
    const { user, lead } = await userWithLead(h);
    expect((await research(h, user, lead.id, { website: SITE })).statusCode).toBe(200);
    const again = await research(h, user, lead.id);
    expect(again.json<TLeadResearch>().website).toBe(SITE);
    expect(again.json<TLeadResearch>().sources.at(-1)?.id).toBe('site');
    // A site given now that does not answer is refused before LinkedIn is asked.
    const refused = await research(h, user, lead.id, { website: 'https://down.example/' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('website_unreachable');
    expect(
      await h
        .call('GET', `/api/leads/${lead.id}/research`, { token: user.accessToken })
        .then((r) => r.json().website),
    ).toBe(SITE);
  });

  it('answers 404 for another user’s lead and for a lead never researched, 409 without LinkedIn', async () => {
    const { lead } = await userWithLead(h);
    const other = await seedUser(h);
    await connectLinkedIn(h, other);
    expect((await research(h, other, lead.id)).statusCode).toBe(404);
    expect(
      (await h.call('GET', `/api/leads/${lead.id}/research`, { token: other.accessToken })).statusCode,
    ).toBe(404);

    const mine = await seedCampaignList(h, other.user.id, 1);
    const [own] = await h.deps.db.select().from(leads).where(eq(leads.listId, mine.id));
    expect(
      (await h.call('GET', `/api/leads/${own?.id}/research`, { token: other.accessToken })).statusCode,
    ).toBe(404);

    const unconnected = await seedUser(h);
    const list = await seedCampaignList(h, unconnected.user.id, 1);
    const [theirs] = await h.deps.db.select().from(leads).where(eq(leads.listId, list.id));
    const response = await research(h, unconnected, theirs?.id ?? 0);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'linkedin_not_connected', expired: true });
    expect(response.json().message).toMatch(/Connect your LinkedIn account/);
    expect((await research(h, unconnected, 0)).statusCode).toBe(400);
  });

  it('stops at the account’s daily cap of profile views, shared with campaigns', async () => {
    const { user, liAt, lead } = await userWithLead(h);
    const [account] = await h.deps.db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.userId, user.user.id));
    const cap = DAILY_CAPS.find((c) => c.actions.includes('view_profile'))?.perDay ?? 0;
    await h.deps.db.insert(activityLog).values(
      Array.from({ length: cap }, () => ({
        userId: user.user.id,
        accountId: account?.id,
        action: 'view_profile' as const,
        outcome: 'Viewed a profile',
      })),
    );
    const response = await research(h, user, lead.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'daily_cap_reached', retry_at: expect.any(String) });
    expect(sandboxOf(h).memberState(liAt).profileViews).toHaveLength(0);
    const views = await h.deps.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, user.user.id), eq(activityLog.action, 'view_profile')));
    expect(views).toHaveLength(cap);
  });
});

describe('research one lead with a model', () => {
  let h: Harness;
  let llm: LlmStandIn;
  beforeAll(async () => {
    llm = await startLlmStandIn({ apiKey: 'test-key' });
    h = await startHarness({
      env: standInLlmEnv(llm, 'test-key'),
      deps: { safeFetch: fakeFetch },
      engine: false,
    });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });

  it('keeps the points that cite a source given and drops one citing a source not given or a figure it lacks', async () => {
    const { user, lead, person } = await userWithLead(h);
    const response = await research(h, user, lead.id, { website: SITE });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TLeadResearch>();
    expect(body.writer).toBe('model');
    expect(body.model).toBe('gpt-4o-mini');
    const request = llm.requests.find((r) => r.task === 'prospect_research');
    // The model was given the profile, the posts and the site, nothing else.
    expect(llm.promptOf(request)).toContain(person.posts[0]?.text.slice(0, 40) ?? 'x');
    expect(body.card.company).toEqual({ text: STAND_IN_RESEARCH.company, source: 'site' });
    expect(body.card.talking_points).toEqual([
      { text: STAND_IN_RESEARCH.profilePoint, source: 'profile' },
      { text: STAND_IN_RESEARCH.postPoint, source: 'post-1' },
    ]);
    const texts = JSON.stringify(body.card);
    expect(texts).not.toContain(STAND_IN_RESEARCH.inventedSource);
    expect(texts).not.toContain(STAND_IN_RESEARCH.inventedFigure);
    expect(body.notes).toEqual(
      expect.arrayContaining([
        'A talking point was left out: it cites "news-1", which was not read.',
        'A talking point was left out: it gives 4321, which LinkedIn profile does not.',
      ]),
    );
    // Role and tenure are read from the profile, never written by the model.
    expect(body.card.role?.source).toBe('profile');
    expect(body.card.role?.text).toContain(person.company ?? '');
    const usage = await h.deps.db.select().from(aiUsage).where(eq(aiUsage.userId, user.user.id));
    expect(usage).toEqual([expect.objectContaining({ purpose: 'prospect_research' })]);
  });

  it('falls back to the card from the sources when the model fails', async () => {
    const { user, lead } = await userWithLead(h);
    llm.queueModes('error', 'error', 'error', 'error', 'error', 'error');
    const response = await research(h, user, lead.id);
    llm.setMode('normal');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TLeadResearch>();
    expect(body.writer).toBe('offline');
    expect(body.card.opening_line?.text).toMatch(/^Write here:/);
    expect(body.notes.join(' ')).toMatch(/The AI model could not write the card/);
  });
});
