import type { TLeadResearch, TOwnMessageTemplate } from '@sales-assist/contract';
import {
  type LlmStandIn,
  STAND_IN_RESEARCH,
  standInLlmEnv,
  startLlmStandIn,
} from '@sales-assist/stand-ins/llm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignLeads, leads } from '../src/db/schema';
import { writeCampaignMessages } from '../src/modules/campaign-messages/write-campaign-messages';
import {
  API,
  campaignPayload,
  connectLinkedIn,
  createCampaign,
  grantCredits,
  recordingJobs,
  seedCampaignList,
} from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { sandboxOf } from './support/outreach-factories';

const TEMPLATE = 'Hi {first_name}, {research} Open to a short chat? {sender_name}';

/** A connected user whose one lead is a sandbox member who posts, researched, in a campaign on `TEMPLATE`. */
const researchedCampaign = async (h: Harness) => {
  const user: SeededUser = await seedUser(h);
  await connectLinkedIn(h, user);
  await grantCredits(h, user.user.id, 50);
  const person = sandboxOf(h)
    .people({ limit: 400 })
    .people.find((p) => p.posts.length >= 2 && p.company !== null);
  const list = await seedCampaignList(h, user.user.id, 1);
  await h.deps.db
    .update(leads)
    .set({ linkedinUrl: person?.profileUrl ?? '' })
    .where(eq(leads.listId, list.id));
  const [lead] = await h.deps.db.select().from(leads).where(eq(leads.listId, list.id));
  const researched = await h.call('POST', `/api/leads/${lead?.id}/research`, {
    token: user.accessToken,
    body: {},
  });
  expect(researched.statusCode, researched.body).toBe(200);
  const saved = await h.call('POST', `${API}/save_message_template`, {
    token: user.accessToken,
    body: { name: 'Research intro', text: TEMPLATE },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const template = saved.json<{ template: TOwnMessageTemplate }>().template;
  const created = await createCampaign(
    h,
    user,
    campaignPayload(list.id, { message: undefined, message_template_id: template.id }),
  );
  expect(created.statusCode, created.body).toBe(200);
  const campaignId = created.json<{ campaign_id: number }>().campaign_id;
  await writeCampaignMessages(h.deps, campaignId);
  const [row] = await h.deps.db.select().from(campaignLeads).where(eq(campaignLeads.campaignId, campaignId));
  return { card: researched.json<TLeadResearch>(), row };
};

describe('{research} in campaign messages, without a model', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deps: { ai: null, jobs: recordingJobs() }, engine: false });
  });
  afterAll(() => h.close());

  it('fills {research} with the first talking point of the lead’s card', async () => {
    const { card, row } = await researchedCampaign(h);
    const point = card.card.talking_points[0]?.text ?? '';
    expect(point).not.toBe('');
    expect(row?.messagesState).toBe('ready');
    expect(row?.connectionNote).toContain(point.slice(0, 30));
    expect(row?.connectionNote).not.toContain('{research}');
  });
});

describe('{research} in campaign messages, with a model', () => {
  let h: Harness;
  let llm: LlmStandIn;
  beforeAll(async () => {
    llm = await startLlmStandIn({ apiKey: 'test-key' });
    h = await startHarness({
      env: standInLlmEnv(llm, 'test-key'),
      deps: { jobs: recordingJobs() },
      engine: false,
    });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });

  it('grounds the message writer in the card’s points', async () => {
    await researchedCampaign(h);
    const request = llm.requests
      .filter((r) => r.task === null && r.body.response_format?.type === 'json_object')
      .at(-1);
    const prompt = llm.promptOf(request);
    expect(prompt).toContain(`Talking points: ${STAND_IN_RESEARCH.profilePoint}`);
    expect(prompt).toContain(`${STAND_IN_RESEARCH.openingLine}`);
    // What the research dropped never reaches the messages.
    expect(prompt).not.toContain(STAND_IN_RESEARCH.inventedSource);
  });
});
