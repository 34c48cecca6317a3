import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './leads-support';
import { seedConnection, seedLinkedinPost, seedScheduledPost, seedSocialPost } from './schedule-support';
import { withWebsite } from './support/blog-factories';
import { connectLinkedIn, grantCredits, seedCampaign } from './support/campaign-factories';
import { seedContentItem } from './support/content-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { type Operation, openApiOperations } from './support/openapi-operations';
import { sampleOf } from './support/schema-samples';

/**
 * Every answer's status is one the OpenAPI document lists for its call. The harness reports
 * each answer whose status the route's response schema does not list (`unlistedAnswers`); these walks
 * call every operation of the document in the ways a client can get it wrong, and expect none.
 */

let h: Harness;
let user: SeededUser;
let inactive: SeededUser;
let operations: Operation[];

/** The uploads of the API: each must describe its multipart/form-data body, file field first. */
const UPLOADS: Record<string, { file: string; fields: string[] }> = {
  'POST /api/linkedinAI/verify_upload': { file: 'file', fields: [] },
  'POST /api/linkedinAI/save_leads': { file: 'file', fields: ['list'] },
  'POST /api/inputs/texts/upload': { file: 'file', fields: ['name'] },
  'POST /api/inputs/images': { file: 'file', fields: ['name'] },
  'POST /api/admin/assets': { file: 'file', fields: ['kind'] },
  'POST /api/admin/upload-csv/{kind}/verify': { file: 'file', fields: [] },
  'POST /api/admin/upload-csv/{kind}/save': { file: 'file', fields: [] },
};

beforeAll(async () => {
  h = await startHarness({
    engine: false,
    // The walk starts the admin's model download: from a local address that refuses, never the internet.
    env: { LOCAL_MODEL_URL: 'http://127.0.0.1:9/walk-model.gguf', LOCAL_MODEL_SHA256: '0'.repeat(64) },
  });
  // Another account's rows come first, so the sampled id 1 of many calls is someone else's row (404).
  const other = await seedUser(h);
  await connectLinkedIn(h, other);
  await seedCampaign(h, other, 2);
  const post = await seedLinkedinPost(h, other);
  const connection = await seedConnection(h, other, 'linkedin');
  await seedScheduledPost(h, other, post, connection, { scheduledFor: new Date(Date.now() + 86_400_000) });
  await seedSocialPost(h, other, 'linkedin');
  await seedContentItem(h, other.user.id, { kind: 'google_ad', title: 'Ad' });
  user = await seedUser(h);
  inactive = await seedUser(h, { active: false });
  operations = await openApiOperations(h);
});
afterAll(() => h.close());

const label = (op: Operation) => `${op.method} ${op.path}`;

/** The answers reported since `from`, for one walk's assertion. */
const unlistedSince = (from: number) => h.unlistedAnswers().slice(from);

/** The call with its path parameters and required query parameters sampled from their schemas. */
const sampledUrl = (op: Operation): string => {
  let url = op.path;
  const query = new URLSearchParams();
  for (const parameter of op.parameters) {
    const value = String(sampleOf(parameter.schema));
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, value);
    if (parameter.in === 'query' && parameter.required) query.set(parameter.name, value);
  }
  return query.size ? `${url}?${query}` : url;
};

describe('the document lists what every call can answer', () => {
  it('every operation lists 400 and the faults, signed-in ones 401, calls with a body 413 and 415', () => {
    expect(operations.length).toBeGreaterThan(150);
    const missing = operations.flatMap((op) => {
      const expected = ['400'];
      if (!op.isPublic) expected.push('401');
      if (op.method !== 'GET') expected.push('413', '415');
      // Health and the web app's config read neither the database nor a file.
      if (op.path !== '/api/health' && op.path !== '/api/config') expected.push('503', '507');
      const absent = expected.filter((status) => !op.statuses.includes(status));
      return absent.length ? [`${label(op)} lacks ${absent.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('admin calls list 403, and a success for each call (files by their type)', () => {
    const admin = operations.filter((op) => op.path.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(20);
    expect(admin.filter((op) => !op.statuses.includes('403')).map(label)).toEqual([]);
    expect(operations.filter((op) => !op.statuses.some((status) => /^2/.test(status))).map(label)).toEqual(
      [],
    );
  });

  it('each upload describes its multipart/form-data body: the file field, its limit, the other fields', () => {
    const uploads = operations.filter((op) => op.formBody);
    expect(uploads.map(label).sort()).toEqual(Object.keys(UPLOADS).sort());
    for (const op of uploads) {
      const form = UPLOADS[label(op)];
      const body = op.formBody;
      if (!form || !body) throw new Error(`${label(op)}: no form`);
      expect(body.properties?.[form.file], label(op)).toMatchObject({ type: 'string', format: 'binary' });
      expect(body.required, label(op)).toContain(form.file);
      expect(Object.keys(body.properties ?? {}).sort(), label(op)).toEqual(
        [form.file, ...form.fields].sort(),
      );
      // The limit as the route enforces it, e.g. "at most 50 MiB".
      expect(body.description, label(op)).toMatch(/at most \d+ (MiB|KiB)/);
      expect(op.jsonBody, label(op)).toBeUndefined();
    }
  });

  it('Retry-After is named on the 503 of a call and on the 429 of a model-backed one', async () => {
    const doc = (await h.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    }>();
    expect(doc.paths['/api/me']?.get?.responses['503']?.headers).toHaveProperty('retry-after');
    expect(doc.paths['/api/blogs']?.post?.responses['429']?.headers).toHaveProperty('retry-after');
  });
});

describe('every answer has a status its call lists', () => {
  it('without a token, with a bad token, and from an inactive account', async () => {
    const from = h.unlistedAnswers().length;
    for (const op of operations) {
      await h.call(op.method, op.url);
      await h.call(op.method, op.url, { token: 'not-a-token' });
      await h.call(op.method, op.url, { token: inactive.accessToken });
    }
    expect(unlistedSince(from)).toEqual([]);
  });

  it('with bad input: invalid parameters and query, a nonsense body, a malformed JSON body', async () => {
    const from = h.unlistedAnswers().length;
    for (const op of operations) {
      await h.call(op.method, `${op.url}?page=-1&id=x&list_id=x&query=${'q'.repeat(300)}`, {
        token: user.accessToken,
        ...(op.method === 'GET' ? {} : { body: { nonsense: true } }),
      });
      if (op.method !== 'GET') {
        await h.call(op.method, op.url, {
          token: user.accessToken,
          body: '{"broken',
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    expect(unlistedSince(from)).toEqual([]);
  });

  it('a body of a type the call does not read (415) or larger than it accepts (413)', async () => {
    const from = h.unlistedAnswers().length;
    const huge = JSON.stringify({ text: 'x'.repeat(3 * 1024 * 1024) });
    for (const op of operations.filter((each) => each.method !== 'GET')) {
      const text = await h.call(op.method, op.url, {
        token: user.accessToken,
        body: 'plain words',
        headers: { 'content-type': 'text/plain' },
      });
      const large = await h.call(op.method, op.url, {
        token: user.accessToken,
        body: huge,
        headers: { 'content-type': 'application/json' },
      });
      // Public calls read the body; signed-in ones refuse an unknown caller before reading it.
      expect(
        [text.statusCode, large.statusCode].every((status) => status < 500),
        label(op),
      ).toBe(true);
    }
    expect(unlistedSince(from)).toEqual([]);
  });

  it("with sampled input, as a user and as an admin: unknown ids, another account's rows, use-case refusals", async () => {
    const from = h.unlistedAnswers().length;
    // A fresh caller for each call: some calls end the session (logout) or change the account.
    for (const op of operations) {
      const isAdmin = op.path.startsWith('/api/admin/');
      const caller = await seedUser(h, { admin: isAdmin });
      if (!isAdmin) {
        await withWebsite(h, caller.user.id);
        await grantCredits(h, caller.user.id, 100);
      }
      const body = op.jsonBody ? sampleOf(op.jsonBody) : undefined;
      const res = await h.call(op.method, sampledUrl(op), {
        token: caller.accessToken,
        ...(body === undefined ? {} : { body }),
      });
      expect(res.statusCode, `${label(op)} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    expect(unlistedSince(from)).toEqual([]);
    // 170 calls, each with an account of its own: seconds alone, far more on a busy machine.
  }, 180_000);

  it('uploads: no form, a form without its file, an empty file', async () => {
    const from = h.unlistedAnswers().length;
    const admin = await seedUser(h, { admin: true });
    for (const op of operations.filter((each) => each.formBody)) {
      const token = op.path.startsWith('/api/admin/') ? admin.accessToken : user.accessToken;
      const url = op.path.replace('{kind}', 'prompts');
      await h.call('POST', url, { token, body: { file: 'x' } });
      for (const parts of [
        [{ name: 'list', value: 'A list' }],
        [
          { name: 'kind', value: 'image' },
          { name: 'file', filename: 'empty.csv', content: '' },
        ],
      ]) {
        const { payload, contentType } = multipart(parts);
        await h.call('POST', url, { token, body: payload, headers: { 'content-type': contentType } });
      }
    }
    expect(unlistedSince(from)).toEqual([]);
  });
});
