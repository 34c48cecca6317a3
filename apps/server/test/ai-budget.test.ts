import {
  AI_BUDGET_MESSAGES,
  PREMIUM_POPUP_TEXTS,
  type TAdminAiUsageResponse,
  type TAdminPlan,
  type TAdminPlansResponse,
  type TChat,
  type TPlanUsageResponse,
} from '@sales-assist/contract';
import { type LlmStandIn, STAND_IN_USAGE, standInLlmEnv, startLlmStandIn } from '@sales-assist/stand-ins/llm';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiUsage, campaignLeads } from '../src/db/schema';
import { fixedClock } from '../src/lib/core/clock';
import { writeCampaignMessages } from '../src/modules/campaign-messages/write-campaign-messages';
import { connectLinkedIn, recordingJobs, seedCampaign } from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { listen, postStream } from './support/sse-client';

/** The first day of the month after `now` (UTC), YYYY-MM-DD. */
const nextMonthOf = (now: Date): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);

// The defaults (30 a minute, 3 at once) are what these tests check: no AI_* setting is given.
const PER_MINUTE = 30;
const AT_ONCE = 3;

let llm: LlmStandIn;
let h: Harness;
/** A second API process on the same database: the minute's count is shared through it. */
let other: Harness;
let base: string;
// One second into a minute: the minute's window ends 59 s later, whatever the test's speed.
const clock = fixedClock(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000));
let admin: SeededUser;
let alice: SeededUser;
let bob: SeededUser;

beforeAll(async () => {
  llm = await startLlmStandIn();
  const env = standInLlmEnv(llm, 'test-key');
  h = await startHarness({ engine: false, env, deps: { clock, jobs: recordingJobs() } });
  other = await startHarness({
    engine: false,
    env,
    deps: { clock, jobs: recordingJobs() },
    role: 'api',
    database: h.database,
  });
  base = await listen(h);
  admin = await seedUser(h, { admin: true });
  alice = await seedUser(h);
  bob = await seedUser(h);
}, 60_000);
afterAll(async () => {
  await other.close();
  await h.close();
  await llm.close();
});
beforeEach(() => {
  llm.setMode('normal');
  llm.setOnRequest(null);
  // Each test starts in a minute of its own.
  clock.advance(60_000);
});

const keywordIdeas = (user: SeededUser, via: Harness = h) =>
  via.call('POST', '/api/keywords/ideas', {
    token: user.accessToken,
    body: { seed_terms: ['coffee roasting'] },
  });

const planOf = async (id: string): Promise<TAdminPlan> => {
  const plans = (
    await h.call('GET', '/api/admin/plans', { token: admin.accessToken })
  ).json<TAdminPlansResponse>();
  const plan = plans.plans.find((each) => each.id === id);
  if (!plan) throw new Error(`no plan ${id}`);
  return plan;
};

/** The admin's Plans editor saving the plan with this allowance (every other field as it is). */
const setAllowance = async (id: string, allowance: number | null): Promise<TAdminPlan> => {
  const plan = await planOf(id);
  const saved = await h.call('PUT', `/api/admin/plans/${id}`, {
    token: admin.accessToken,
    body: {
      name: plan.name,
      description: plan.description,
      limits: plan.limits,
      monthly_price_cents: plan.monthly_price_cents,
      annual_price_cents: plan.annual_price_cents,
      monthly_credits: plan.monthly_credits,
      active: plan.active,
      ai_requests_per_month: allowance,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<TAdminPlan>();
};

const usageRows = (userId: string, purpose?: string) =>
  h.deps.db
    .select()
    .from(aiUsage)
    .where(
      purpose ? and(eq(aiUsage.userId, userId), eq(aiUsage.purpose, purpose)) : eq(aiUsage.userId, userId),
    );

describe('requests a minute', () => {
  it('answers the 31st model-backed request of a minute 429 with Retry-After, counted across API processes; another account is unaffected', async () => {
    // Half the minute's requests reach one process and half the other: the count lives in the database.
    for (let i = 0; i < PER_MINUTE; i++) {
      const answer = await keywordIdeas(alice, i % 2 === 0 ? h : other);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const refused = await keywordIdeas(alice, other);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('59');
    expect(refused.json()).toEqual({ error: 'ai_rate_limited', message: AI_BUDGET_MESSAGES.tooFast(59) });
    expect(refused.json().message).toBe(
      'You are sending requests to the AI faster than your plan allows; try again in 59 seconds.',
    );
    expect((await keywordIdeas(alice, h)).statusCode).toBe(429);
    // A refused request reached no model and took no place: the stand-in saw exactly the 30.
    expect(llm.requests.filter((request) => request.task === 'keyword_ideas')).toHaveLength(PER_MINUTE);

    const bobs = await keywordIdeas(bob);
    expect(bobs.statusCode, bobs.body).toBe(200);

    clock.advance(60_000);
    expect((await keywordIdeas(alice)).statusCode).toBe(200);
  });

  it('refuses every kind of model-backed call past the minute, rewrites included', async () => {
    const carol = await seedUser(h);
    for (let i = 0; i < PER_MINUTE; i++) expect((await keywordIdeas(carol)).statusCode).toBe(200);
    const topics = await h.call('POST', '/api/blogs/topics', {
      token: carol.accessToken,
      body: { seed_keywords: ['coffee'], count: 1 },
    });
    expect(topics.statusCode).toBe(429);
    const rewrite = await h.call('POST', '/api/blogs/1/regenerate_section', {
      token: carol.accessToken,
      body: { section_index: 0 },
    });
    expect(rewrite.statusCode).toBe(429);
    const linkedin = await postStream(base, '/api/linkedin-posts/generate', {
      token: carol.accessToken,
      body: { source: { type: 'topic', topic: 'Coffee' }, variants: 1 },
    });
    expect(linkedin.status).toBe(429);
    expect((linkedin.json as { error: string }).error).toBe('ai_rate_limited');
  });
});

describe('requests at once', () => {
  it('answers a 4th concurrent chat stream 429 while three stream, and takes requests again once they end', async () => {
    const chats: TChat[] = [];
    for (let i = 0; i < AT_ONCE + 1; i++) {
      chats.push((await h.call('POST', '/api/chats', { token: alice.accessToken })).json<TChat>());
    }
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = 0;
    let allArrived = () => {};
    const threeArrived = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    llm.setOnRequest(async () => {
      arrived += 1;
      if (arrived === AT_ONCE) allArrived();
      await held;
    });
    const streams = chats.slice(0, AT_ONCE).map((chat) =>
      postStream(base, `/api/chats/${chat.id}/messages`, {
        token: alice.accessToken,
        body: { content: 'How are my campaigns?' },
      }),
    );
    await threeArrived;

    const fourth = await postStream(base, `/api/chats/${chats[AT_ONCE]?.id}/messages`, {
      token: alice.accessToken,
      body: { content: 'And my lists?' },
    });
    expect(fourth.status).toBe(429);
    expect(fourth.json).toEqual({
      error: 'ai_too_many_at_once',
      message: AI_BUDGET_MESSAGES.tooManyAtOnce(AT_ONCE),
    });
    // Another account streams meanwhile: its budget is its own.
    const bobChat = (await h.call('POST', '/api/chats', { token: bob.accessToken })).json<TChat>();
    const bobStream = postStream(base, `/api/chats/${bobChat.id}/messages`, {
      token: bob.accessToken,
      body: { content: 'Hello' },
    });

    release();
    for (const stream of [...(await Promise.all(streams)), await bobStream]) {
      expect(stream.status).toBe(200);
      expect(stream.events.at(-1)?.event).toBe('done');
    }
    llm.setOnRequest(null);
    const again = await postStream(base, `/api/chats/${chats[AT_ONCE]?.id}/messages`, {
      token: alice.accessToken,
      body: { content: 'And my lists?' },
    });
    expect(again.status).toBe(200);
  });

  it('frees the slot of a request that fails (the model down) and of one answered at once', async () => {
    llm.setMode('error');
    for (let i = 0; i < AT_ONCE + 2; i++) {
      const answer = await h.call('POST', '/api/blogs/topics', {
        token: bob.accessToken,
        body: { seed_keywords: ['coffee'], count: 1 },
      });
      expect(answer.statusCode).not.toBe(429);
    }
  });
});

describe('the monthly allowance', () => {
  it('refuses model-backed requests past the plan allowance with the premium pop-up, shows it on /plan, and follows the admin edit at once', async () => {
    const dana = await seedUser(h, { tier: 'Basic' });
    const seeded = await planOf('basic');
    expect(seeded.ai_requests_per_month).toBe(300);
    expect((await planOf('premium')).ai_requests_per_month).toBe(3000);
    try {
      expect((await setAllowance('basic', 2)).ai_requests_per_month).toBe(2);
      for (let i = 0; i < 2; i++) expect((await keywordIdeas(dana)).statusCode).toBe(200);
      const refused = await keywordIdeas(dana);
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toEqual({
        error: 'plan_limit_reached',
        message: PREMIUM_POPUP_TEXTS.Basic.message,
        title: PREMIUM_POPUP_TEXTS.Basic.title,
        metric: 'ai_requests',
        limit: 2,
        used: 2,
        // The calendar month's next first day (dana has no subscription): when the allowance starts again.
        resets_on: nextMonthOf(clock.now()),
      });
      const plan = (
        await h.call('GET', '/api/plan_usage', { token: dana.accessToken })
      ).json<TPlanUsageResponse>();
      expect(plan.ai_requests).toEqual({ limit: 2, used: 2 });

      // Rewrites count against the allowance too (and against no §9 limit).
      const section = await h.call('POST', '/api/socials/1/regenerate_text', { token: dana.accessToken });
      expect(section.statusCode).toBe(402);

      await setAllowance('basic', 3);
      expect((await keywordIdeas(dana)).statusCode).toBe(200);
      expect((await keywordIdeas(dana)).statusCode).toBe(402);
      await setAllowance('basic', null);
      expect((await keywordIdeas(dana)).statusCode).toBe(200);
      const unlimited = (
        await h.call('GET', '/api/plan_usage', { token: dana.accessToken })
      ).json<TPlanUsageResponse>();
      expect(unlimited.ai_requests).toEqual({ limit: null, used: 4 });
    } finally {
      await setAllowance('basic', seeded.ai_requests_per_month);
    }
  });

  it('keeps an admin edit without the allowance (an older client) from changing it', async () => {
    const plan = await planOf('premium');
    const saved = await h.call('PUT', '/api/admin/plans/premium', {
      token: admin.accessToken,
      body: {
        name: plan.name,
        description: plan.description,
        limits: plan.limits,
        monthly_price_cents: plan.monthly_price_cents,
        annual_price_cents: plan.annual_price_cents,
        monthly_credits: plan.monthly_credits,
        active: plan.active,
      },
    });
    expect(saved.json<TAdminPlan>().ai_requests_per_month).toBe(3000);
    const bad = await h.call('PUT', '/api/admin/plans/premium', {
      token: admin.accessToken,
      body: { ...plan, ai_requests_per_month: -1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('campaign messages', () => {
  it('record each lead’s model request in ai_usage and are never refused mid-campaign, even past the allowance', async () => {
    const erin = await seedUser(h, { tier: 'Basic' });
    await connectLinkedIn(h, erin);
    const { campaignId } = await seedCampaign(h, erin, 3);
    try {
      await setAllowance('basic', 0);
      llm.requests.length = 0;
      await writeCampaignMessages(h.deps, campaignId);
      const leads = await h.deps.db
        .select()
        .from(campaignLeads)
        .where(eq(campaignLeads.campaignId, campaignId));
      expect(leads.map((lead) => lead.messagesState)).toEqual(['ready', 'ready', 'ready']);
      // Written by the model, not the offline writer: three requests reached it.
      expect(llm.requests.filter((request) => request.task === null)).toHaveLength(3);
      const rows = await usageRows(erin.user.id, 'campaign_messages');
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.promptTokens).toBe(STAND_IN_USAGE.prompt_tokens);
        expect(row.completionTokens).toBe(STAND_IN_USAGE.completion_tokens);
      }
    } finally {
      await setAllowance('basic', 300);
    }
  });
});

describe('admin: model use per user and month', () => {
  it('needs an admin, and answers requests and tokens per user and month', async () => {
    expect((await h.call('GET', '/api/admin/ai-usage', { token: alice.accessToken })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/admin/ai-usage')).statusCode).toBe(401);
    expect(
      (await h.call('GET', '/api/admin/ai-usage?month=2026-13', { token: admin.accessToken })).statusCode,
    ).toBe(400);

    const month = new Date().toISOString().slice(0, 7);
    // A row of an earlier month, to see months apart.
    await h.deps.db.insert(aiUsage).values({
      userId: bob.user.id,
      itemId: null,
      purpose: 'keywords',
      model: 'gpt-4o-mini',
      promptTokens: 7,
      completionTokens: 3,
      createdAt: new Date('2026-01-15T12:00:00Z'),
    });
    const all = (
      await h.call('GET', `/api/admin/ai-usage?month=${month}`, { token: admin.accessToken })
    ).json<TAdminAiUsageResponse>();
    const alices = all.rows.find((row) => row.user_id === alice.user.id);
    const aliceRows = await usageRows(alice.user.id);
    expect(alices).toEqual({
      month,
      user_id: alice.user.id,
      email: alice.email,
      requests: aliceRows.length,
      prompt_tokens: aliceRows.reduce((sum, row) => sum + row.promptTokens, 0),
      completion_tokens: aliceRows.reduce((sum, row) => sum + row.completionTokens, 0),
    });
    // The heaviest user of the month first.
    const requests = all.rows.map((row) => row.requests);
    expect(requests).toEqual([...requests].sort((a, b) => b - a));

    const january = (
      await h.call('GET', `/api/admin/ai-usage?month=2026-01&user_id=${bob.user.id}`, {
        token: admin.accessToken,
      })
    ).json<TAdminAiUsageResponse>();
    expect(january.rows).toEqual([
      {
        month: '2026-01',
        user_id: bob.user.id,
        email: bob.email,
        requests: 1,
        prompt_tokens: 7,
        completion_tokens: 3,
      },
    ]);
  });
});

describe('without a model (the offline writer)', () => {
  it('is not limited: it costs nothing', async () => {
    const offline = await startHarness({
      engine: false,
      env: { AI_REQUESTS_PER_MINUTE: '1', AI_CONCURRENT_REQUESTS: '1' },
    });
    try {
      const frank = await seedUser(offline);
      for (let i = 0; i < 3; i++) {
        const answer = await keywordIdeas(frank, offline);
        expect(answer.statusCode, answer.body).toBe(200);
      }
    } finally {
      await offline.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the 429 and 402 on every model-backed call, and the admin usage call', async () => {
    const { paths } = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const modelBacked: [string, string][] = [
      ['/api/chats/{id}/messages', 'post'],
      ['/api/chats/{id}/regenerate', 'post'],
      ['/api/blogs/topics', 'post'],
      ['/api/blogs', 'post'],
      ['/api/blogs/{id}/regenerate_section', 'post'],
      ['/api/linkedin-posts/generate', 'post'],
      ['/api/socials', 'post'],
      ['/api/socials/{id}/regenerate_text', 'post'],
      ['/api/socials/{id}/regenerate_image', 'post'],
      ['/api/google-ads', 'post'],
      ['/api/google-ads/{id}/regenerate', 'post'],
      ['/api/keywords/ideas', 'post'],
    ];
    for (const [path, method] of modelBacked) {
      const responses = Object.keys(paths[path]?.[method]?.responses ?? {});
      expect(responses, `${method} ${path}`).toEqual(expect.arrayContaining(['402', '429']));
      // The 402 names the limit, its use and the day it starts again (the premium pop-up shows them).
      const refusal = paths[path]?.[method]?.responses['402'] as
        | { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
        | undefined;
      expect(
        Object.keys(refusal?.content?.['application/json']?.schema?.properties ?? {}),
        `${method} ${path}`,
      ).toEqual(expect.arrayContaining(['title', 'metric', 'limit', 'used', 'resets_on']));
    }
    // Reading calls do not touch the model.
    expect(Object.keys(paths['/api/blogs']?.get?.responses ?? {})).not.toContain('429');
    expect(Object.keys(paths['/api/admin/ai-usage']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403']),
    );
  });
});
