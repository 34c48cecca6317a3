import {
  CAMPAIGN_MESSAGES,
  MESSAGE_TEMPLATES,
  type TCampaignLeadsResponse,
  type TOwnMessageTemplate,
} from '@sales-assist/contract';
import { type LlmStandIn, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignLeads } from '../src/db/schema';
import { writeCampaignMessages } from '../src/modules/campaign-messages/write-campaign-messages';
import {
  API,
  campaignPayload,
  campaignRow,
  connectLinkedIn,
  createCampaign,
  grantCredits,
  recordingJobs,
  seedCampaignList,
} from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';

const OWN_TEXT = 'Hi {first_name}, I saw what {company} is doing in {city} and would love to compare notes.';

const save = (h: Harness, user: SeededUser, body: Record<string, unknown>) =>
  h.call('POST', `${API}/save_message_template`, { token: user.accessToken, body });
const listOwn = async (h: Harness, user: SeededUser) => {
  const answer = await h.call('GET', `${API}/message_templates`, { token: user.accessToken });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ templates: TOwnMessageTemplate[] }>().templates;
};
const savedTemplate = async (h: Harness, user: SeededUser, name: string, text = OWN_TEXT) => {
  const answer = await save(h, user, { name, text });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ template: TOwnMessageTemplate }>().template;
};
/** A user with LinkedIn, credits for `campaigns` campaigns and a 2-lead list for each. */
const readyUser = async (h: Harness, campaigns = 1) => {
  const user = await seedUser(h);
  await connectLinkedIn(h, user);
  await grantCredits(h, user.user.id, 50 * campaigns);
  return user;
};
const newCampaign = async (h: Harness, user: SeededUser, overrides: Record<string, unknown>) => {
  const list = await seedCampaignList(h, user.user.id, 2);
  return createCampaign(h, user, campaignPayload(list.id, overrides));
};

describe('message templates of your own', () => {
  const jobs = recordingJobs();
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deps: { jobs }, engine: false });
  });
  afterAll(() => h.close());

  it('are saved, listed, changed and deleted by their owner only (others get 404)', async () => {
    const owner = await seedUser(h);
    const other = await seedUser(h);
    const first = await savedTemplate(h, owner, '  Coffee chat  ');
    expect(first).toMatchObject({ name: 'Coffee chat', text: OWN_TEXT });
    const second = await savedTemplate(h, owner, 'Event follow-up', 'Great to meet you, {first_name}!');
    expect((await listOwn(h, owner)).map((t) => t.name)).toEqual(['Coffee chat', 'Event follow-up']);
    expect(await listOwn(h, other)).toEqual([]);

    const changed = await save(h, owner, { id: first.id, name: 'Coffee chat', text: 'Hello {first_name}.' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: CAMPAIGN_MESSAGES.templateSaved,
      template: { id: first.id },
    });

    const stolen = await save(h, other, { id: first.id, name: 'Mine now', text: 'x' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'not_found', message: CAMPAIGN_MESSAGES.templateNotFound });
    const foreignDelete = await h.call('DELETE', `${API}/delete_message_template?id=${second.id}`, {
      token: other.accessToken,
    });
    expect(foreignDelete.statusCode).toBe(404);
    const deleted = await h.call('DELETE', `${API}/delete_message_template?id=${second.id}`, {
      token: owner.accessToken,
    });
    expect(deleted.json()).toEqual({ message: CAMPAIGN_MESSAGES.templateDeleted });
    expect((await listOwn(h, owner)).map((t) => t.name)).toEqual(['Coffee chat']);
    const unauthenticated = await h.call('GET', `${API}/message_templates`);
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('refuse a missing name or text, unknown variables, a name taken or one of the app’s', async () => {
    const user = await seedUser(h);
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const answer = await save(h, user, body);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().message).toBe(message);
    };
    await refused({ name: ' ', text: OWN_TEXT }, 400, CAMPAIGN_MESSAGES.giveTemplateName);
    await refused({ text: OWN_TEXT }, 400, CAMPAIGN_MESSAGES.giveTemplateName);
    await refused({ name: 'Intro', text: '' }, 400, CAMPAIGN_MESSAGES.writeTemplateText);
    await refused(
      { name: 'Intro', text: 'x'.repeat(1001) },
      400,
      'The template text must be at most 1000 characters',
    );
    await refused(
      { name: 'Intro', text: 'Hi {firstname}, how is {company} and {job}?' },
      400,
      'Unknown variable {firstname}, {job}: the variables are {first_name}, {role}, {company}, {industry}, {city}, {recent_post}, {research}, {sender_name}, {sender_company}',
    );
    await refused(
      { name: 'compliment, relate and sell', text: OWN_TEXT },
      409,
      CAMPAIGN_MESSAGES.templateNameBuiltIn,
    );
    await savedTemplate(h, user, 'Intro');
    await refused({ name: 'INTRO', text: OWN_TEXT }, 409, CAMPAIGN_MESSAGES.templateNameTaken);
  });

  it('create_campaign takes a spec template by description, name or id, and yours by name or id', async () => {
    const user = await readyUser(h, 6);
    const own = await savedTemplate(h, user, 'Coffee chat');
    const templateOf = async (overrides: Record<string, unknown>) => {
      const created = await newCampaign(h, user, overrides);
      expect(created.statusCode, created.body).toBe(200);
      const row = await campaignRow(h, created.json<{ campaign_id: number }>().campaign_id);
      return [row.templateId, row.messageTemplateId, row.templateName, row.templateText];
    };
    expect(await templateOf({ message: MESSAGE_TEMPLATES[1].description })).toEqual([2, null, null, null]);
    expect(await templateOf({ message: 'ai written, with a human touch' })).toEqual([3, null, null, null]);
    expect(await templateOf({ message: 2 })).toEqual([2, null, null, null]);
    expect(await templateOf({ message: '1' })).toEqual([1, null, null, null]);
    expect(await templateOf({ message: ' coffee CHAT ' })).toEqual([0, own.id, 'Coffee chat', OWN_TEXT]);
    expect(await templateOf({ message: undefined, message_template_id: own.id })).toEqual([
      0,
      own.id,
      'Coffee chat',
      OWN_TEXT,
    ]);
  });

  it('create_campaign refuses someone else’s template (404) and a name nobody has (400)', async () => {
    const owner = await seedUser(h);
    const own = await savedTemplate(h, owner, 'Secret sauce');
    const user = await readyUser(h);
    const foreign = await newCampaign(h, user, { message: undefined, message_template_id: own.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: CAMPAIGN_MESSAGES.templateNotFound });
    const byName = await newCampaign(h, user, { message: 'Secret sauce' });
    expect(byName.statusCode).toBe(400);
    expect(byName.json()).toEqual({ error: 'validation_error', message: CAMPAIGN_MESSAGES.selectTemplate });
    const none = await newCampaign(h, user, { message: 4 });
    expect(none.json().message).toBe(CAMPAIGN_MESSAGES.selectTemplate);
  });

  it('the offline writer sends your text with each lead’s details; the campaign keeps its copy', async () => {
    const user = await readyUser(h);
    const own = await savedTemplate(h, user, 'Coffee chat');
    const created = await newCampaign(h, user, { message: undefined, message_template_id: own.id });
    const campaignId = created.json<{ campaign_id: number }>().campaign_id;
    // Deleting the template later changes nothing for the campaign.
    await h.call('DELETE', `${API}/delete_message_template?id=${own.id}`, { token: user.accessToken });
    await writeCampaignMessages(h.deps, campaignId);
    const rows = await h.deps.db
      .select()
      .from(campaignLeads)
      .where(eq(campaignLeads.campaignId, campaignId))
      .orderBy(asc(campaignLeads.id));
    expect(rows.map((row) => row.connectionNote)).toEqual([
      'Hi Person, I saw what Company 1 is doing in Paris and would love to compare notes.',
      'Hi Person, I saw what Company 2 is doing in Paris and would love to compare notes.',
    ]);
    for (const row of rows) {
      expect(row.followUp1?.length).toBeGreaterThan(50);
      expect(row.followUp1).not.toMatch(/[{}]/);
    }
    const page = await h.call('GET', `${API}/get_campaign_leads?id=${campaignId}&page=1&limit=10`, {
      token: user.accessToken,
    });
    expect(page.json<TCampaignLeadsResponse>().campaign.Template).toBe('Coffee chat');
  });

  it('OpenAPI documents the template calls', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(paths['/api/linkedinAI/message_templates']?.get).toBeDefined();
    expect(paths['/api/linkedinAI/save_message_template']?.post).toBeDefined();
    expect(paths['/api/linkedinAI/delete_message_template']?.delete).toBeDefined();
  });
});

describe('the LLM writer follows your template', () => {
  let standIn: LlmStandIn;
  let h: Harness;
  beforeAll(async () => {
    standIn = await startLlmStandIn({ apiKey: 'test-key' });
    h = await startHarness({
      deps: { jobs: recordingJobs() },
      engine: false,
      env: { LLM_BASE_URL: `${standIn.url}/v1`, LLM_API_KEY: 'test-key' },
    });
  });
  afterAll(async () => {
    await h.close();
    await standIn.close();
  });

  it('hands the model your guidance as written and filled in for the lead', async () => {
    const user = await readyUser(h);
    const own = await savedTemplate(h, user, 'Coffee chat');
    const created = await newCampaign(h, user, { message_template_id: own.id });
    expect(created.statusCode, created.body).toBe(200);
    standIn.requests.length = 0;
    await writeCampaignMessages(h.deps, created.json<{ campaign_id: number }>().campaign_id);
    expect(standIn.requests).toHaveLength(2);
    const prompt = standIn.requests[0]?.body.messages?.map((m) => m.content).join('\n') ?? '';
    expect(prompt).toContain('Template "Coffee chat", written by the sender');
    expect(prompt).toContain(JSON.stringify(OWN_TEXT));
    expect(prompt).toContain('Hi Person, I saw what Company 1 is doing in Paris');
    expect(prompt).not.toContain(MESSAGE_TEMPLATES[0].text);
  });
});
