import { PREMIUM_POPUP_TEXTS } from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerWithoutModel, NO_MODEL_NOTICE } from '../src/modules/chat/tools';
import { connectLinkedIn, recordingJobs, seedCampaign, seedCampaignList } from './support/campaign-factories';
import {
  seedChatAccounts,
  seedRunningCampaign,
  seedWebsite,
  toolContext,
} from './support/chat-tool-factories';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let alice: SeededUser;
let bob: SeededUser;

beforeAll(async () => {
  h = await startHarness({ engine: false, deps: { jobs: recordingJobs() } });
  ({ alice, bob } = await seedChatAccounts(h));
  await seedCampaign(h, alice, 3, { campaign_name: 'Spring outreach' });
  await seedRunningCampaign(h, alice, 'Q4 push');
  await seedContentItem(h, alice.user.id, {
    kind: 'linkedin_post',
    title: 'Three habits of calm freelancers',
    createdAt: new Date('2026-01-03T10:00:00Z'),
  });
  await seedContentItem(h, alice.user.id, {
    kind: 'blog',
    title: 'Tax filing without tears',
    createdAt: new Date('2026-01-02T10:00:00Z'),
  });
  await seedCampaignList(h, bob.user.id, 9, { name: 'Secret Bob list' });
  await seedRunningCampaign(h, bob, 'Secret Bob plan', { stepsDone: 63 });
  // Seeding through the API on a shared machine can take a while.
}, 60_000);
afterAll(() => h.close());

const ask = (question: string, user: SeededUser = alice) =>
  answerWithoutModel(toolContext(h, user), question, []);

const Q4_ANSWER = [
  '**Q4 push** — On Going',
  '- Progress: 52% (40 of 70 plan steps)',
  '- Leads contacted: 8 of 10',
  '- Connection requests accepted: 3 of 6 sent (50%)',
  '- Replies: 1 of 4 connected (25%)',
  '- Failed leads: 1',
].join('\n');

describe('answers without a model', () => {
  it('says plainly that no model is set up, and answers a campaign question with its exact figures', async () => {
    const answer = await ask('How is my Q4 campaign doing?');
    expect(answer.text).toBe(`${NO_MODEL_NOTICE}.\n\n${Q4_ANSWER}`);
    expect(answer.tools).toEqual([
      {
        name: 'get_campaigns',
        arguments: { name: 'Q4' },
        summary: 'Read campaign “Q4 push”: 10 leads, 3 accepted',
      },
    ]);
  });

  it('takes the words nearest to "campaign" as its name', async () => {
    const answer = await ask('What is the reply rate of my Q4 campaign?');
    expect(answer.tools[0]?.arguments).toEqual({ name: 'Q4' });
    expect(answer.text).toContain(Q4_ANSWER);
  });

  it('finds a campaign named in full inside the question', async () => {
    const answer = await ask('give me the numbers for q4 push please');
    expect(answer.text).toContain(Q4_ANSWER);
    expect(answer.tools[0]?.arguments).toEqual({ name: 'Q4 push' });
  });

  it('answers "my campaigns" with every recent campaign', async () => {
    const answer = await ask('my campaigns');
    expect(answer.text).toContain('You have 2 campaigns:');
    expect(answer.text).toContain(Q4_ANSWER);
    expect(answer.text).toContain('**Spring outreach** — Draft');
    expect(answer.text).toContain('- Connection requests accepted: 0 of 0 sent (no figure yet)');
  });

  it('takes outcome words as a question about campaigns', async () => {
    const answer = await ask('How many leads replied?');
    expect(answer.tools.map((tool) => tool.name)).toEqual(['get_campaigns']);
    expect(answer.text).toContain('- Replies: 1 of 4 connected (25%)');
  });

  it('answers how many leads a named list holds', async () => {
    const answer = await ask('How many leads are in list Q4 Outbound?');
    expect(answer.text).toBe(
      `${NO_MODEL_NOTICE}.\n\nThe list **Q4 Outbound** has 7 leads (Not in Campaign).`,
    );
    expect(answer.tools).toEqual([
      {
        name: 'get_lead_lists',
        arguments: { name: 'Q4 Outbound' },
        summary: 'Read list “Q4 Outbound”: 7 leads',
      },
    ]);
  });

  it('answers "my lists" with each list and the totals', async () => {
    const answer = await ask('show my lists');
    expect(answer.text).toContain('You have 3 lists with 20 leads in all:');
    expect(answer.text).toContain('- **Q4 Outbound**: 7 leads (Not in Campaign)');
  });

  it("answers about the user's brand", async () => {
    for (const question of ['my brand', 'What do you know about my business?']) {
      const answer = await ask(question);
      expect(answer.text).toContain('**Acme Books** (https://acme-books.example)');
      expect(answer.text).toContain('- Offer: bookkeeping for freelancers');
      expect(answer.text).toContain('- Audience: freelancers and small agencies');
      expect(answer.tools.map((tool) => tool.name)).toEqual(['get_brand_profile']);
    }
  });

  it('answers "recent posts" from History', async () => {
    const answer = await ask('recent posts');
    expect(answer.text).toContain('Your most recent content (from [History](/history)):');
    expect(answer.text).toContain('- LinkedIn post — **Three habits of calm freelancers** (2026-01-03)');
    expect(answer.text).toContain('- Blog post — **Tax filing without tears** (2026-01-02)');
    const given = await ask('give me my recent LinkedIn posts');
    expect(given.tools.map((tool) => tool.name)).toEqual(['get_recent_content']);
    const linkedin = await ask('my latest LinkedIn posts');
    expect(linkedin.text).toContain('Three habits of calm freelancers');
    expect(linkedin.text).not.toContain('Tax filing without tears');
  });

  it('offers the content screens for anything else, with no figure', async () => {
    const answer = await ask('Write me a poem about spring');
    expect(answer.tools).toEqual([]);
    expect(answer.text.startsWith(`${NO_MODEL_NOTICE}:`)).toBe(true);
    for (const path of [
      '/website-content',
      '/linkedin',
      '/allsocials',
      '/advertising',
      '/campaigns',
      '/leads',
    ]) {
      expect(answer.text).toContain(`](${path})`);
    }
    expect(answer.text).not.toMatch(/\d/);
  });

  it("never answers from another user's campaign or list", async () => {
    const campaign = await ask('How is my Secret Bob plan campaign doing?');
    expect(campaign.text).toContain('I found no campaign named “Secret Bob plan”');
    expect(campaign.text).toContain('Your closest campaigns:');
    expect(campaign.text).not.toMatch(/100%|63/);
    const list = await ask('how many leads are in list Secret Bob list');
    expect(list.text).toContain('I found no list named “Secret Bob list”');
    expect(list.text).not.toContain('9 leads');
  });

  it('drafts a LinkedIn post with the offline writer, saved to History', async () => {
    const answer = await ask('Write a LinkedIn post about weekly expense tracking for freelancers');
    expect(answer.text).toContain(
      'Here is a draft, written by the offline writer and saved to [History](/history)',
    );
    expect(answer.tools).toEqual([
      {
        name: 'draft_linkedin_post',
        arguments: { topic: 'weekly expense tracking for freelancers' },
        summary: expect.stringMatching(/^Wrote a LinkedIn post draft/),
      },
    ]);
    const history = await h.call('GET', '/api/history?kind=linkedin_post', { token: alice.accessToken });
    expect(history.json<{ items: unknown[] }>().items).toHaveLength(2);
    expect((await ask('write a LinkedIn post')).text).toContain('Tell me what the post is about');
  });

  it('suggests blog topics that take plan units, and passes on the limit in the premium pop-up words', async () => {
    const answer = await ask('suggest 2 blog topics');
    expect(answer.text).toContain('Blog topics, saved to [History](/history) (22 topics left this period):');
    expect(answer.text.match(/^- \*\*/gm)).toHaveLength(2);
    const basic = await seedUser(h, { tier: 'Basic' });
    await seedWebsite(h, basic.user.id);
    expect((await ask('give me 3 blog topics', basic)).text).toContain('(0 topics left this period)');
    const refused = await ask('give me blog topics', basic);
    expect(refused.text).toBe(`${NO_MODEL_NOTICE}.\n\n${PREMIUM_POPUP_TEXTS.Basic.message}`);
    expect(refused.tools[0]?.summary).toBe(`Plan limit reached: ${PREMIUM_POPUP_TEXTS.Basic.message}`);
  });

  it("writes a follow-up for a lead of the user's named campaign, and only theirs", async () => {
    const answer = await ask('Write a follow-up for Person 2 in my Q4 push campaign');
    expect(answer.text).toContain('A follow-up for **Person 2** (Q4 push), written by the offline writer.');
    expect(answer.tools[0]).toMatchObject({
      name: 'draft_follow_up',
      arguments: { campaign_name: 'Q4 push', lead_name: 'Person 2' },
    });
    const foreign = await ask('Write a follow-up for Person 2 in the Secret Bob plan campaign');
    expect(foreign.tools).toEqual([]);
    expect(foreign.text).toContain('Name the campaign the lead is in');
  });

  it('asks which campaign is meant when the name fits several', async () => {
    const user = await seedUser(h);
    await connectLinkedIn(h, user);
    await seedCampaign(h, user, 1, { campaign_name: 'Q4 push' });
    await seedCampaign(h, user, 1, { campaign_name: 'Q4 pull' });
    const answer = await ask('How is my Q4 campaign doing?', user);
    expect(answer.text).toMatch(
      /Several of your campaigns match “Q4”: \*\*Q4 pu(sh|ll)\*\*, \*\*Q4 pu(sh|ll)\*\*\. Which one do you mean\?$/,
    );
    expect(answer.text).not.toMatch(/\d+%/);
  });

  it('says so when the user has nothing yet', async () => {
    const empty = await seedUser(h);
    expect((await ask('my campaigns', empty)).text).toContain('You have no campaigns yet');
    expect((await ask('my lists', empty)).text).toContain('You have no lead lists yet');
    expect((await ask('recent posts', empty)).text).toContain('Nothing in your History yet.');
    expect((await ask('my brand', empty)).text).toContain('add your website in Settings');
  });
});
