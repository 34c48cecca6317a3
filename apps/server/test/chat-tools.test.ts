import { PREMIUM_POPUP_TEXTS, type TCampaign } from '@sales-assist/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { campaignLeads, contentItems } from '../src/db/schema';
import { chatTools } from '../src/modules/chat/tools';
import { brandProfileTool } from '../src/modules/chat/tools/brand-profile-tool';
import { campaignsTool } from '../src/modules/chat/tools/campaigns-tool';
import { draftBlogTopicsTool } from '../src/modules/chat/tools/draft-blog-topics-tool';
import { draftFollowUpTool } from '../src/modules/chat/tools/draft-follow-up-tool';
import { draftLinkedinPostTool } from '../src/modules/chat/tools/draft-linkedin-post-tool';
import { listsTool } from '../src/modules/chat/tools/lists-tool';
import { matchName } from '../src/modules/chat/tools/match-name';
import { recentContentTool } from '../src/modules/chat/tools/recent-content-tool';
import { unitsUsed } from './support/blog-factories';
import {
  API,
  connectLinkedIn,
  recordingJobs,
  seedCampaign,
  seedCampaignList,
} from './support/campaign-factories';
import { runTool, seedChatAccounts, seedRunningCampaign, seedWebsite } from './support/chat-tool-factories';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let alice: SeededUser;
let bob: SeededUser;
let q4Id: number;

beforeAll(async () => {
  h = await startHarness({ engine: false, deps: { jobs: recordingJobs() } });
  ({ alice, bob } = await seedChatAccounts(h));
  await seedCampaignList(h, alice.user.id, 2, { name: 'Founders Paris' });
  await seedCampaign(h, alice, 3, { campaign_name: 'Spring outreach' });
  q4Id = await seedRunningCampaign(h, alice, 'Q4 push');
  // Bob's names: none of them may ever reach Alice's tools.
  await seedCampaignList(h, bob.user.id, 9, { name: 'Secret Bob list' });
  await seedRunningCampaign(h, bob, 'Secret Bob plan', { stepsDone: 63 });
  // Seeding through the API on a shared machine can take a while.
}, 60_000);
afterAll(() => h.close());

const q4Figures = {
  name: 'Q4 push',
  status: 'On Going',
  leads_total: 10,
  leads_contacted: 8,
  progress_percent: 52,
  steps_done: 40,
  steps_total: 70,
  failed_leads: 1,
  skipped_leads: 1,
  requests_sent: 6,
  requests_accepted: 3,
  acceptance_rate_percent: 50,
  connected: 4,
  replied: 1,
  reply_rate_percent: 25,
};

describe('the tool list', () => {
  it('has unique names, a description and parameters that become a JSON schema object', () => {
    const names = chatTools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'get_brand_profile',
      'get_lead_lists',
      'get_campaigns',
      'get_recent_content',
      'draft_linkedin_post',
      'draft_blog_topics',
      'draft_follow_up',
    ]);
    for (const tool of chatTools) {
      expect(tool.description.length, tool.name).toBeGreaterThan(20);
      expect(z.toJSONSchema(tool.parameters), tool.name).toMatchObject({ type: 'object' });
    }
  });
});

describe('matching a name among the caller’s own', () => {
  const names = [
    { id: 1, name: 'Q4 push' },
    { id: 2, name: 'Q4 push EU' },
    { id: 3, name: 'Spring outreach' },
    { id: 4, name: 'Q3 pull' },
  ];
  it('takes the same name in any case, the only one holding the text, the most specific, or the best words', () => {
    expect(matchName('q4 PUSH', names)).toEqual({ found: names[0] });
    expect(matchName('spring', names)).toEqual({ found: names[2] });
    expect(matchName('how is q4 push eu doing', names)).toEqual({ found: names[1] });
    expect(matchName('the outreach for spring', names)).toEqual({ found: names[2] });
  });

  it('asks which one when several fit equally, and offers the closest when none does', () => {
    expect(matchName('push', names)).toEqual({
      found: null,
      ambiguous: true,
      closest: ['Q4 push', 'Q4 push EU'],
    });
    const none = matchName('Winter', names);
    expect(none).toMatchObject({ found: null, ambiguous: false });
    expect(none.found === null && none.closest).toHaveLength(4);
    expect(matchName('anything', [])).toEqual({ found: null, ambiguous: false, closest: [] });
  });
});

describe('get_brand_profile', () => {
  it("answers the caller's brand profile", async () => {
    const { result, summary } = await runTool(h, alice, brandProfileTool, {});
    expect(result).toMatchObject({
      has_website: true,
      company: 'Acme Books',
      website: 'https://acme-books.example',
      offer: 'bookkeeping for freelancers',
      audience: 'freelancers and small agencies',
      tone: 'Friendly, Approachable',
      key_phrases: ['bookkeeping', 'tax filing', 'expense tracking'],
    });
    expect(summary).toBe('Read the brand profile of Acme Books');
  });

  it('says so for a user without a website', async () => {
    const { result, summary } = await runTool(h, bob, brandProfileTool, {});
    expect(result).toMatchObject({ has_website: false, website: null, offer: '' });
    expect(summary).toBe('Read the brand profile: no website added yet');
  });
});

describe('get_campaigns', () => {
  it("answers a named campaign's exact figures", async () => {
    const { result, summary } = await runTool(h, alice, campaignsTool, { name: 'q4 PUSH' });
    expect(result).toMatchObject({ found: true, campaign: q4Figures });
    expect(summary).toBe('Read campaign “Q4 push”: 10 leads, 3 accepted');
  });

  it('matches part of a name ("Q4")', async () => {
    const { result } = await runTool(h, alice, campaignsTool, { name: 'Q4' });
    expect(result).toMatchObject({ found: true, campaign: { name: 'Q4 push' } });
  });

  it('answers the figures the campaigns API answers, for every recent campaign', async () => {
    const api = await h.call('GET', `${API}/fetch_campaigns?page=1&limit=10`, { token: alice.accessToken });
    expect(api.statusCode).toBe(200);
    const screen = api.json<{ campaigns: TCampaign[]; total: number }>();
    const { result } = await runTool(h, alice, campaignsTool, {});
    const chat = result as {
      total_campaigns: number;
      campaigns: (typeof q4Figures & { created_at: string })[];
    };
    expect(chat.total_campaigns).toBe(screen.total);
    expect(chat.campaigns.map((c) => c.name)).toEqual(['Q4 push', 'Spring outreach']);
    for (const [index, campaign] of screen.campaigns.entries()) {
      expect(chat.campaigns[index]).toMatchObject({
        name: campaign['Campaign List'],
        status: campaign.Status,
        leads_total: campaign['Leads Count'],
        progress_percent: campaign['Campaign Progress'],
        failed_leads: campaign['Failed Leads'],
        created_at: campaign.TimeStamp,
      });
    }
    // A draft has done nothing: no rates rather than 0%.
    expect(chat.campaigns[1]).toMatchObject({
      status: 'Draft',
      leads_contacted: 0,
      requests_sent: 0,
      acceptance_rate_percent: null,
      reply_rate_percent: null,
    });
  });

  it("never finds another user's campaign, and says nothing of it", async () => {
    const { result, summary } = await runTool(h, alice, campaignsTool, { name: 'Secret Bob plan' });
    expect(result).toEqual({
      found: false,
      asked: 'Secret Bob plan',
      ambiguous: false,
      closest_names: expect.arrayContaining(['Q4 push', 'Spring outreach']),
    });
    expect((result as { closest_names: string[] }).closest_names).toHaveLength(2);
    expect(summary).toBe('No campaign named “Secret Bob plan”');
    // Bob's figures (his campaign's progress is 100%) appear nowhere.
    expect(JSON.stringify(result)).not.toMatch(/100|63/);
  });

  it('takes no user or id from the model: such arguments are dropped and the caller stays the caller', async () => {
    const args = campaignsTool.parameters.parse({ user_id: bob.user.id, userId: bob.user.id, id: 1 });
    expect(args).toEqual({});
    const { result } = await runTool(h, alice, campaignsTool, { user_id: bob.user.id });
    expect((result as { campaigns: { name: string }[] }).campaigns.map((c) => c.name)).toEqual([
      'Q4 push',
      'Spring outreach',
    ]);
    const brand = await runTool(h, bob, brandProfileTool, { user_id: alice.user.id });
    expect(brand.result).toMatchObject({ has_website: false, offer: '' });
    const lists = await runTool(h, alice, listsTool, { name: 'Secret', user_id: bob.user.id });
    expect(lists.result).toMatchObject({ found: false });
  });

  it('asks which campaign is meant when a name fits several', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    await seedCampaign(h, user, 1, { campaign_name: 'Q4 push' });
    await seedCampaign(h, user, 1, { campaign_name: 'Q4 pull' });
    const { result, summary } = await runTool(h, user, campaignsTool, { name: 'Q4' });
    expect(result).toEqual({
      found: false,
      asked: 'Q4',
      ambiguous: true,
      closest_names: expect.arrayContaining(['Q4 push', 'Q4 pull']),
    });
    expect(summary).toBe('Several campaigns match “Q4”');
  });

  it('bounds the recent campaigns it reads', async () => {
    expect(() => campaignsTool.parameters.parse({ limit: 500 })).toThrow();
    const { result } = await runTool(h, alice, campaignsTool, { limit: 1 });
    expect((result as { campaigns: unknown[] }).campaigns).toHaveLength(1);
  });
});

describe('get_lead_lists', () => {
  it("answers a named list's lead count", async () => {
    const { result, summary } = await runTool(h, alice, listsTool, { name: 'q4 outbound' });
    expect(result).toEqual({
      found: true,
      list: { name: 'Q4 Outbound', leads: 7, status: 'Not in Campaign' },
    });
    expect(summary).toBe('Read list “Q4 Outbound”: 7 leads');
  });

  it('answers all lists with their counts and totals', async () => {
    const { result } = await runTool(h, alice, listsTool, {});
    const r = result as {
      total_lists: number;
      total_leads: number;
      lists: { name: string; leads: number }[];
    };
    // Two named lists, and one list behind each campaign (3 and 10 leads).
    expect(r.total_lists).toBe(4);
    expect(r.total_leads).toBe(7 + 2 + 3 + 10);
    expect(r.lists.find((list) => list.name === 'Founders Paris')?.leads).toBe(2);
  });

  it("never finds another user's list, and says nothing of it", async () => {
    const { result } = await runTool(h, alice, listsTool, { name: 'Secret Bob list' });
    expect(result).toMatchObject({ found: false, asked: 'Secret Bob list' });
    const text = JSON.stringify(result);
    expect(text).not.toContain('"9"');
    expect(text).not.toMatch(/leads/);
    for (const name of (result as { closest_names: string[] }).closest_names) {
      expect(name).not.toContain('Bob');
    }
  });

  it('shows at most 25 lists and says how many more there are', async () => {
    const many = await seedUser(h);
    for (let i = 1; i <= 30; i++) await seedCampaignList(h, many.user.id, 0, { name: `List ${i}` });
    const { result } = await runTool(h, many, listsTool, {});
    expect(result).toMatchObject({ total_lists: 30, total_leads: 0, page: 1, more_lists: 5 });
    expect((result as { lists: unknown[] }).lists).toHaveLength(25);
    const second = await runTool(h, many, listsTool, { page: 2 });
    expect(second.result).toMatchObject({ total_lists: 30, page: 2, more_lists: 0 });
    // Newest first: the second page holds the five oldest.
    expect((second.result as { lists: { name: string }[] }).lists.map((list) => list.name)).toEqual([
      'List 5',
      'List 4',
      'List 3',
      'List 2',
      'List 1',
    ]);
  });
});

describe('get_recent_content', () => {
  it('answers the newest History items, bounded, with short excerpts', async () => {
    const user = await seedUser(h);
    for (let i = 1; i <= 12; i++) {
      await seedContentItem(h, user.user.id, {
        kind: i % 2 === 0 ? 'linkedin_post' : 'blog',
        title: `Item ${i}`,
        body: `<p>${'word '.repeat(400)}</p>`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 9, i)),
      });
    }
    await seedContentItem(h, bob.user.id, { title: 'Bob only' });
    const { result, summary } = await runTool(h, user, recentContentTool, {});
    const items = (result as { items: { title: string; kind: string; excerpt: string }[] }).items;
    expect(items.map((item) => item.title)).toEqual(['Item 12', 'Item 11', 'Item 10', 'Item 9', 'Item 8']);
    expect(items[0]?.kind).toBe('LinkedIn post');
    for (const item of items) expect(item.excerpt.length).toBeLessThanOrEqual(200);
    expect(result).toMatchObject({ more: true });
    expect(summary).toBe('Read 5 recent items from History');
    const posts = await runTool(h, user, recentContentTool, { kind: 'linkedin_post', limit: 10 });
    expect((posts.result as { items: unknown[] }).items).toHaveLength(6);
    expect(posts.summary).toBe('Read 6 recent items from History (LinkedIn post)');
    expect(() => recentContentTool.parameters.parse({ limit: 11 })).toThrow();
  });
});

describe('drafting', () => {
  it('writes a LinkedIn post that lands in History as a draft', async () => {
    const { result, summary } = await runTool(h, alice, draftLinkedinPostTool, {
      topic: 'Why freelancers should track expenses weekly',
    });
    expect(result).toMatchObject({ written: true, writer: 'offline' });
    expect((result as { text: string }).text.length).toBeGreaterThan(40);
    expect(summary).toMatch(/^Wrote a LinkedIn post draft: “.+” \(saved to History\)$/);
    const history = await h.call('GET', '/api/history?kind=linkedin_post', { token: alice.accessToken });
    const items = history.json<{ items: { kind: string; writer: string }[] }>().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'linkedin_post', writer: 'offline' });
  });

  it('suggests blog topics that land in History and take plan units', async () => {
    const before = await unitsUsed(h, alice.user.id, 'blog_topics');
    const { result, summary } = await runTool(h, alice, draftBlogTopicsTool, { count: 2 });
    expect(result).toMatchObject({ written: true, topics_left_this_period: 24 - before - 2 });
    expect((result as { topics: unknown[] }).topics).toHaveLength(2);
    expect(summary).toBe(`Suggested 2 blog topics (saved to History; ${24 - before - 2} left this period)`);
    expect(await unitsUsed(h, alice.user.id, 'blog_topics')).toBe(before + 2);
    const history = await h.call('GET', '/api/history?kind=blog_topic', { token: alice.accessToken });
    expect(history.json<{ items: unknown[] }>().items).toHaveLength(2);
  });

  it("is refused at the plan's limit with the premium pop-up's words, and nothing is saved", async () => {
    const basic = await seedUser(h, { tier: 'Basic' });
    await seedWebsite(h, basic.user.id);
    const first = await runTool(h, basic, draftBlogTopicsTool, { count: 3 });
    expect(first.result).toMatchObject({ written: true, topics_left_this_period: 0 });
    const refused = await runTool(h, basic, draftBlogTopicsTool, { count: 1 });
    expect(refused.result).toEqual({
      refused: true,
      error: 'plan_limit_reached',
      title: PREMIUM_POPUP_TEXTS.Basic.title,
      message: PREMIUM_POPUP_TEXTS.Basic.message,
      metric: 'blog_topics',
      limit: 3,
      used: 3,
      resets_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(refused.summary).toBe(`Plan limit reached: ${PREMIUM_POPUP_TEXTS.Basic.message}`);
    const topics = await h.deps.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.userId, basic.user.id), eq(contentItems.kind, 'blog_topic')));
    expect(topics).toHaveLength(3);
    expect(await unitsUsed(h, basic.user.id, 'blog_topics')).toBe(3);
  });

  it('says plainly when topics need a website first', async () => {
    const { result } = await runTool(h, bob, draftBlogTopicsTool, {});
    expect(result).toMatchObject({ refused: true, error: 'website_required' });
  });

  it("writes a follow-up for a named lead of the caller's campaign without changing the campaign", async () => {
    const [lead] = await h.deps.db
      .select()
      .from(campaignLeads)
      .where(and(eq(campaignLeads.campaignId, q4Id), eq(campaignLeads.name, 'Person 3')));
    const { result, summary } = await runTool(h, alice, draftFollowUpTool, {
      campaign_name: 'Q4 push',
      lead_name: 'person 3',
    });
    expect(result).toMatchObject({ written: true, campaign: 'Q4 push', lead: 'Person 3', saved: false });
    expect((result as { follow_up: string }).follow_up).toContain('Person');
    expect(summary).toBe('Wrote a follow-up for Person 3 (Q4 push); not saved to the campaign');
    const [after] = await h.deps.db
      .select()
      .from(campaignLeads)
      .where(eq(campaignLeads.id, lead?.id ?? 0));
    expect(after?.followUp1).toBe(lead?.followUp1);
  });

  it("cannot write to another user's campaign or lead", async () => {
    const { result } = await runTool(h, alice, draftFollowUpTool, { campaign_name: 'Secret Bob plan' });
    expect(result).toMatchObject({ written: false, found: false });
    expect(JSON.stringify(result)).not.toContain('Person');
    const noLead = await runTool(h, alice, draftFollowUpTool, {
      campaign_name: 'Q4 push',
      lead_name: 'Nobody Here',
    });
    expect(noLead.result).toMatchObject({ written: false, found: false, campaign: 'Q4 push' });
  });
});

describe('drafting, stopped', () => {
  it('saves no LinkedIn post when the answer was stopped while it was written', async () => {
    const user = await seedUser(h);
    const controller = new AbortController();
    controller.abort();
    await expect(
      draftLinkedinPostTool.run(
        { deps: h.deps, userId: user.user.id, now: new Date(), signal: controller.signal },
        { topic: 'A post nobody waits for' },
      ),
    ).rejects.toThrow();
    const saved = await h.deps.db.select().from(contentItems).where(eq(contentItems.userId, user.user.id));
    expect(saved).toEqual([]);
  });
});

describe('bounded results', () => {
  it('keeps the longest lists and History pages small enough for the model', async () => {
    const user = await seedUser(h);
    for (let i = 1; i <= 30; i++) {
      await seedCampaignList(h, user.user.id, 0, { name: `${String(i).padStart(3, '0')} ${'x'.repeat(96)}` });
      await seedContentItem(h, user.user.id, { title: 'T'.repeat(2_000), body: 'B '.repeat(20_000) });
    }
    const lists = await runTool(h, user, listsTool, {});
    expect(JSON.stringify(lists.result).length).toBeLessThan(25 * 160 + 200);
    const content = await runTool(h, user, recentContentTool, { limit: 10 });
    const items = (content.result as { items: { title: string; excerpt: string }[] }).items;
    expect(items).toHaveLength(10);
    for (const item of items) {
      expect(item.title.length).toBeLessThanOrEqual(150);
      expect(item.excerpt.length).toBeLessThanOrEqual(200);
    }
    expect(JSON.stringify(content.result).length).toBeLessThan(10 * 500);
    const missing = await runTool(h, user, listsTool, { name: 'y'.repeat(200) });
    expect(JSON.stringify(missing.result).length).toBeLessThan(5 * 110 + 400);
  });
});
