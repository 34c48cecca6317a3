import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, lists } from '../src/db/schema';
import { fixture, postForm } from './leads-support';
import {
  API,
  campaignLeadIds,
  campaignPayload,
  connectLinkedIn,
  grantCredits,
  seedCampaign,
  seedCampaignList,
} from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { type Operation, openApiOperations } from './support/openapi-operations';

const NUL = '\u0000';
const SECRET = 'test-secret-test-secret-test-secret-0123';

let h: Harness;
let user: SeededUser;
let listId: number;
let campaignId: number;
let campaignLeadId: number;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  user = await seedUser(h);
  await connectLinkedIn(h, user);
  ({ campaignId, listId } = await seedCampaign(h, user, 2));
  const [leadId] = await campaignLeadIds(h, campaignId);
  if (leadId === undefined) throw new Error('no campaign lead');
  campaignLeadId = leadId;
});
afterAll(() => h.close());

const expectNulRefused = (response: { statusCode: number; body: string }, field: string) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(JSON.parse(response.body)).toEqual({
    error: 'validation_error',
    message: `${field} must not contain a NUL character`,
  });
};

describe('a NUL character in any text the API accepts answers 400 naming the field', () => {
  it('rename_list', async () => {
    const res = await h.call('PUT', `${API}/rename_list`, {
      token: user.accessToken,
      body: { id: listId, new_name: `Bad${NUL}name` },
    });
    expectNulRefused(res, 'new_name');
  });

  it('search_lists and search_campaigns (query string)', async () => {
    const lists = await h.call('GET', `${API}/search_lists?query=a%00b`, { token: user.accessToken });
    expectNulRefused(lists, 'query');
    const found = await h.call('GET', `${API}/search_campaigns?query=%00`, { token: user.accessToken });
    expectNulRefused(found, 'query');
  });

  it('PUT /me companyName', async () => {
    const res = await h.call('PUT', '/api/me', {
      token: user.accessToken,
      body: { companyName: `Acme${NUL}` },
    });
    expectNulRefused(res, 'companyName');
  });

  it("create_campaign's name", async () => {
    const list = await seedCampaignList(h, user.user.id, 1);
    await grantCredits(h, user.user.id, 50);
    const res = await h.call('POST', `${API}/create_campaign`, {
      token: user.accessToken,
      body: campaignPayload(list.id, { campaign_name: `Spring${NUL}` }),
    });
    expectNulRefused(res, 'campaign_name');
  });

  it('rename_campaign', async () => {
    const res = await h.call('PUT', `${API}/rename_campaign`, {
      token: user.accessToken,
      body: { id: campaignId, name: `${NUL}Renamed` },
    });
    expectNulRefused(res, 'name');
  });

  it('update_lead_messages', async () => {
    const res = await h.call('PUT', `${API}/update_lead_messages`, {
      token: user.accessToken,
      body: { id: campaignLeadId, follow_up_1: `Hello${NUL}there` },
    });
    expectNulRefused(res, 'follow_up_1');
  });

  it("search_result's list_name and url", async () => {
    const searchUrl = 'https://www.linkedin.com/search/results/people/?keywords=growth';
    const byName = await h.call('POST', `${API}/search_result`, {
      token: user.accessToken,
      body: { search_url: searchUrl, list_name: `Growth${NUL}` },
    });
    expectNulRefused(byName, 'list_name');
    const byUrl = await h.call('POST', `${API}/search_result`, {
      token: user.accessToken,
      body: { search_url: `${searchUrl}${NUL}`, list_name: 'Growth' },
    });
    expectNulRefused(byUrl, 'search_url');
  });

  it("save_leads' list name (a multipart field) and a file name, leaving no list and no file", async () => {
    const listsBefore = (await h.deps.db.select().from(lists)).length;
    const byField = await postForm(h, `${API}/save_leads`, user.accessToken, [
      { name: 'file', filename: 'leads.csv', content: fixture('url-column.csv') },
      { name: 'list', value: `New${NUL}list` },
    ]);
    expectNulRefused(byField, 'list');
    const byFileName = await postForm(h, `${API}/save_leads`, user.accessToken, [
      { name: 'list', value: 'New list' },
      { name: 'file', filename: `lea${NUL}ds.csv`, content: fixture('url-column.csv') },
    ]);
    expectNulRefused(byFileName, 'file name');
    expect((await h.deps.db.select().from(lists)).length).toBe(listsBefore);
    const { readdir } = await import('node:fs/promises');
    const left = await readdir(`${h.config.dataDir}/imports`).catch(() => []);
    expect(left).toEqual([]);
  });

  it('a NUL inside a nested value or a key is refused too, and nothing was stored by any of the above', async () => {
    const nested = await h.call('PUT', '/api/me', {
      token: user.accessToken,
      body: { companyName: 'Acme', [`x${NUL}`]: 1 },
    });
    expectNulRefused(nested, 'a field name');
    const names = (await h.deps.db.select({ name: campaigns.name }).from(campaigns)).map((row) => row.name);
    expect(names.some((name) => name.includes(NUL))).toBe(false);
  });
});

describe('text that cannot be stored, and absurd nesting, answer 400 before any handler', () => {
  it('half of an emoji (a lone surrogate) in a JSON body or a query names its field', async () => {
    // Sent as the raw JSON escape: JSON.parse makes the lone surrogate that PostgreSQL refuses.
    const renamed = await h.call('PUT', `${API}/rename_list`, {
      token: user.accessToken,
      headers: { 'content-type': 'application/json' },
      body: `{"id":${listId},"new_name":"Launch \\ud83d"}`,
    });
    expect(renamed.statusCode, renamed.body).toBe(400);
    expect(JSON.parse(renamed.body)).toEqual({
      error: 'validation_error',
      message: 'new_name contains half of a character (an emoji cut in two); remove it and try again',
    });
    const [list] = await h.deps.db.select({ name: lists.name }).from(lists).where(eq(lists.id, listId));
    expect(list?.name).not.toContain('Launch');
  });

  it('a whole emoji is kept', async () => {
    const renamed = await h.call('PUT', `${API}/rename_list`, {
      token: user.accessToken,
      body: { id: listId, new_name: 'Launch 🚀' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('400,000 nested arrays or 150,000 nested objects answer 400, not 500', async () => {
    for (const body of [
      '['.repeat(400_000) + ']'.repeat(400_000),
      `${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}`,
    ]) {
      const res = await h.call('PUT', '/api/me', {
        token: user.accessToken,
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        error: 'validation_error',
        message: 'The request is nested more than 64 levels deep',
      });
    }
  });
});

/** Every operation of the OpenAPI document; the ones marked `security: []` need no token. */
const operations = () => openApiOperations(h);

/** An invalid body and query for every call: the answer must come from authentication, not validation. */
const callInvalid = (op: Pick<Operation, 'method' | 'url'>, token?: string) =>
  h.call(op.method, `${op.url}?page=-1&id=x&list_id=x&query=${'q'.repeat(300)}`, {
    ...(token ? { token } : {}),
    ...(op.method === 'GET' ? {} : { body: { nonsense: true } }),
  });

describe('authentication runs before validation', () => {
  it('answers 401 to an unauthenticated create_campaign {}', async () => {
    const res = await h.call('POST', `${API}/create_campaign`, { body: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('every protected call answers 401 without a token, whatever its input', async () => {
    const ops = await operations();
    const protectedOps = ops.filter((op) => !op.isPublic);
    // The document lists the calls of every module; sign-in and health are the public ones.
    expect(protectedOps.length).toBeGreaterThan(30);
    expect(ops.find((op) => op.url === '/api/loginv2')?.isPublic).toBe(true);
    expect(ops.find((op) => op.url === '/api/health')?.isPublic).toBe(true);
    for (const op of protectedOps) {
      const res = await callInvalid(op);
      expect(`${op.method} ${op.url} → ${res.statusCode} ${res.body}`).toMatch(
        / → 401 \{"error":"invalid_token"/,
      );
    }
  });

  it('every protected call answers 401 to a malformed JSON body and to a multipart body without a token', async () => {
    const ops = (await operations()).filter((op) => !op.isPublic && op.method !== 'GET');
    for (const op of ops) {
      const res = await h.call(op.method, op.url, {
        body: '{"broken',
        headers: { 'content-type': 'application/json' },
      });
      expect(`${op.method} ${op.url} → ${res.statusCode}`).toBe(`${op.method} ${op.url} → 401`);
    }
    const upload = await postForm(h, `${API}/save_leads`, 'not-a-token', [
      { name: 'file', filename: 'leads.csv', content: fixture('url-column.csv') },
    ]);
    expect(upload.statusCode).toBe(401);
  });

  it('an inactive account gets 403 and a non-admin 403 on admin calls before validation', async () => {
    const inactive = await seedUser(h, { active: false });
    const res = await h.call('POST', `${API}/create_campaign`, { token: inactive.accessToken, body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'inactive' });
    const adminOps = (await operations()).filter((op) => op.url.startsWith('/api/admin/'));
    expect(adminOps.length).toBeGreaterThan(0);
    for (const op of adminOps) {
      const answer = await callInvalid(op, user.accessToken);
      expect(`${op.method} ${op.url} → ${answer.statusCode}`).toBe(`${op.method} ${op.url} → 403`);
    }
  });
});

describe('access tokens must carry every claim the server issues', () => {
  const sessionIdOf = (token: string): string => {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string;
    };
    return payload.sid;
  };

  const sign = (claims: { exp?: boolean; sid?: boolean; sub?: boolean; jti?: boolean; iat?: boolean }) => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT(claims.sid === false ? {} : { sid: sessionIdOf(user.accessToken) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience('sales-assist')
      .setIssuer('sales-assist');
    if (claims.sub !== false) jwt.setSubject(user.user.id);
    if (claims.jti !== false) jwt.setJti(randomUUID());
    if (claims.iat !== false) jwt.setIssuedAt(now);
    if (claims.exp !== false) jwt.setExpirationTime(now + 600);
    return jwt.sign(new TextEncoder().encode(SECRET));
  };

  it('accepts a complete token (the forged ones below differ by one claim only)', async () => {
    const res = await h.call('GET', '/api/me', { token: await sign({}) });
    expect(res.statusCode).toBe(200);
  });

  it.each(['exp', 'sid', 'sub', 'jti', 'iat'] as const)(
    'refuses a signed token without %s',
    async (claim) => {
      const res = await h.call('GET', '/api/me', { token: await sign({ [claim]: false }) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_token' });
    },
  );
});

// Runs last: every answer of the walks above has a status the OpenAPI document lists for its call.
it('every answer above has a status its call lists in the OpenAPI document', () => {
  expect(h.unlistedAnswers()).toEqual([]);
});
