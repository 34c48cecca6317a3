import type { TCreateSocialPostsResponse } from '@sales-assist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTier, withWebsite } from './support/blog-factories';
import {
  campaignPayload,
  connectLinkedIn,
  grantCredits,
  seedCampaignList,
} from './support/campaign-factories';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { type Operation, openApiOperations } from './support/openapi-operations';
import { numericVariants, overlay, sampleOf } from './support/schema-samples';
import { type SeededTheme, seedTheme } from './support/template-factories';

let h: Harness;
let admin: SeededUser;
let theme: SeededTheme;
let socialPostId: number;
/** Bodies the calls accept, by "METHOD /path": the walk varies one integer of them at a time. */
let validBodies: Record<string, unknown>;
/** Rows of the caller's, by "METHOD /path": a path id out of range is tried on its own, the rest name these. */
let existingPathIds: Record<string, Record<string, number>>;

beforeAll(async () => {
  h = await startHarness({ engine: false });
  admin = await seedUser(h, { admin: true });
  await withWebsite(h, admin.user.id);
  await setTier(h, admin.user.id, 'Premium');
  await connectLinkedIn(h, admin);
  await grantCredits(h, admin.user.id, 1000);
  theme = await seedTheme(h.deps.db);
  const list = await seedCampaignList(h, admin.user.id, 2);
  const social = await h.call('POST', '/api/socials', {
    token: admin.accessToken,
    body: { topic: 'Weekly pipeline reviews', networks: ['linkedin'], theme_id: theme.id },
  });
  expect(social.statusCode, social.body).toBe(201);
  socialPostId = social.json<TCreateSocialPostsResponse>().items[0]?.id ?? 0;
  validBodies = {
    'POST /api/socials': { topic: 'Weekly pipeline reviews', networks: ['linkedin'], theme_id: theme.id },
    'POST /api/linkedinAI/create_campaign': campaignPayload(list.id),
    'POST /api/socials/{id}/regenerate_image': { theme_id: theme.id },
  };
  existingPathIds = { 'POST /api/socials/{id}/regenerate_image': { id: socialPostId } };
});
afterAll(() => h.close());

/** One past PostgreSQL's integer (int4), and one past the integers JavaScript holds exactly. */
const OUT_OF_RANGE = [2 ** 31, 2 ** 53];

type Case = { label: string; method: Operation['method']; url: string; body: unknown };

/** The call with every parameter sampled, `override` giving one of them its value. */
const callOf = (op: Operation, override: { in: 'path' | 'query'; name: string; value: unknown } | null) => {
  const existing = existingPathIds[`${op.method} ${op.path}`] ?? {};
  const parameterValue = (parameter: Operation['parameters'][number]) =>
    override?.in === parameter.in && override.name === parameter.name
      ? override.value
      : (existing[parameter.name] ?? sampleOf(parameter.schema));
  let url = op.path;
  const query = new URLSearchParams();
  for (const parameter of op.parameters) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, String(parameterValue(parameter)));
    const isOverridden = override?.in === 'query' && override.name === parameter.name;
    if (parameter.in === 'query' && (parameter.required || isOverridden)) {
      query.set(parameter.name, String(parameterValue(parameter)));
    }
  }
  return query.size ? `${url}?${query}` : url;
};

/** Every call of the document with one integer (path, query or JSON body) out of range, the rest sampled. */
const outOfRangeCases = (ops: Operation[]): Case[] =>
  ops.flatMap((op) =>
    OUT_OF_RANGE.flatMap((value) => {
      const validBody = validBodies[`${op.method} ${op.path}`];
      const body = validBody ?? (op.jsonBody ? sampleOf(op.jsonBody) : undefined);
      const inParameters = op.parameters
        .filter(
          (parameter) => parameter.in !== 'header' && numericVariants(parameter.schema, value).length > 0,
        )
        .map((parameter) => ({
          label: `${parameter.in} ${parameter.name}=${value}`,
          method: op.method,
          url: callOf(op, { in: parameter.in as 'path' | 'query', name: parameter.name, value }),
          body,
        }));
      const inBody = op.jsonBody
        ? numericVariants(op.jsonBody, value).map((variant) => ({
            label: `body${variant.field}=${value}`,
            method: op.method,
            url: callOf(op, null),
            body:
              validBody === undefined
                ? variant.sample
                : overlay(overlay(variant.sample, validBody), variant.only),
          }))
        : [];
      return [...inParameters, ...inBody];
    }),
  );

describe('an integer out of range never answers 5xx', () => {
  it('walks every integer of every operation of the OpenAPI document with 2^31 and 2^53', async () => {
    const cases = outOfRangeCases(await openApiOperations(h));
    // The document names ids, pages, counts and limits in well over a hundred places.
    expect(cases.length).toBeGreaterThan(200);
    const failures: string[] = [];
    for (const call of cases) {
      const res = await h.call(call.method, call.url, {
        token: admin.accessToken,
        ...(call.body === undefined ? {} : { body: call.body }),
      });
      if (res.statusCode >= 500) {
        failures.push(
          `${call.method} ${call.url} ${call.label} → ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('an int4 id past 2^31 (theme, design asset, theme version) answers 400 naming the field', async () => {
    const tooBig = 2 ** 31;
    const expectRefused = (res: { statusCode: number; body: string }, field: string) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        error: 'validation_error',
        message: `${field} must be at most 2147483647`,
      });
    };
    const call = (method: Operation['method'], url: string, body: unknown) =>
      h.call(method, url, { token: admin.accessToken, body });
    expectRefused(
      await call('POST', '/api/socials', { topic: 'Pipeline', networks: ['linkedin'], theme_id: tooBig }),
      'theme_id',
    );
    expectRefused(
      await call('POST', `/api/socials/${socialPostId}/regenerate_image`, { theme_id: tooBig }),
      'theme_id',
    );
    const colors = {
      background: '#FFFFFF',
      surface: '#F1F5F9',
      text: '#0F172A',
      accent: '#2563EB',
      muted: '#64748B',
    };
    const design = { layout: 'cards', colors, heading_font: { asset_id: tooBig } };
    expectRefused(await call('POST', '/api/admin/infographics/preview', { design }), 'asset_id');
    expectRefused(
      await call('POST', '/api/admin/infographics/themes', { name: 'Huge font id', design }),
      'asset_id',
    );
    expectRefused(
      await call('PUT', `/api/admin/infographics/themes/${theme.id}`, {
        design: { layout: 'cards', colors, background_asset_id: tooBig },
        version: 1,
      }),
      'background_asset_id',
    );
    expectRefused(
      await call('PUT', `/api/admin/infographics/themes/${theme.id}`, { version: tooBig }),
      'version',
    );
    // The largest int4 is still a well-formed id: it names no theme.
    const largest = await call('POST', '/api/socials', {
      topic: 'Pipeline',
      networks: ['linkedin'],
      theme_id: 2 ** 31 - 1,
    });
    expect(largest.statusCode, largest.body).toBe(404);
  });
});

// Runs last: every answer of the walks above has a status the OpenAPI document lists for its call.
it('every answer above has a status its call lists in the OpenAPI document', () => {
  expect(h.unlistedAnswers()).toEqual([]);
});
