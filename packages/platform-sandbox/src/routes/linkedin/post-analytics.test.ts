import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PlatformSandbox, startPlatformSandbox } from '../..';
import { sandboxFiguresOf } from '../post-figures';

/** The LinkedIn stand-in's Member Post Analytics (memberCreatorPostAnalytics), on the wire. */

let sandbox: PlatformSandbox;
let now = Date.parse('2026-11-23T10:00:00Z');
beforeAll(async () => {
  sandbox = await startPlatformSandbox({ now: () => new Date(now) });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.platforms.linkedin.reset());

const VERSION = '202610';
const rest = (path: string, token: string) =>
  fetch(`${sandbox.url}/linkedin${path}`, {
    headers: {
      authorization: `Bearer ${token}`,
      'linkedin-version': VERSION,
      'x-restli-protocol-version': '2.0.0',
    },
  });

const memberWith = (scopes: string[]) => {
  const world = sandbox.platforms.linkedin as unknown as {
    issueToken: (sub: string, scopes: string[]) => { value: string };
  };
  const sub = sandbox.platforms.linkedin.members()[0]?.sub ?? '';
  return { sub, token: world.issueToken(sub, scopes).value };
};

const publish = async (sub: string, token: string): Promise<string> => {
  const answer = await fetch(`${sandbox.url}/linkedin/rest/posts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'linkedin-version': VERSION,
      'x-restli-protocol-version': '2.0.0',
    },
    body: JSON.stringify({
      author: `urn:li:person:${sub}`,
      commentary: `Figures ${now}`,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED' },
      lifecycleState: 'PUBLISHED',
    }),
  });
  expect(answer.status).toBe(201);
  return answer.headers.get('x-restli-id') ?? '';
};

const analytics = (urn: string, queryType: string) =>
  `/rest/memberCreatorPostAnalytics?q=entity&entity=(share:${encodeURIComponent(urn)})&queryType=${queryType}&aggregation=TOTAL`;

describe('Member Post Analytics stand-in', () => {
  it("answers a post's total for one metric in LinkedIn's elements shape, growing with its age", async () => {
    const { sub, token } = memberWith(['openid', 'w_member_social', 'r_member_postAnalytics']);
    const urn = await publish(sub, token);
    const publishedAt = new Date(now);
    now += 48 * 3_600_000;
    const answer = await rest(analytics(urn, 'IMPRESSION'), token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      paging: { start: 0, count: 10, links: [] },
      elements: [
        {
          count: sandboxFiguresOf(urn, publishedAt, new Date(now)).views,
          metricType: {
            'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': 'IMPRESSION',
          },
          targetEntity: { share: urn },
        },
      ],
    });
    const bad = await rest(analytics(urn, 'CLICKS'), token);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 400, code: 'ILLEGAL_ARGUMENT' });
  });

  it('answers 403 ACCESS_DENIED without r_member_postAnalytics, and 404 for a deleted post', async () => {
    const { sub, token } = memberWith(['openid', 'w_member_social']);
    const urn = await publish(sub, token);
    const denied = await rest(analytics(urn, 'IMPRESSION'), token);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({
      status: 403,
      serviceErrorCode: 100,
      code: 'ACCESS_DENIED',
      message: 'Not enough permissions to access: memberCreatorPostAnalytics.FINDER-entity',
    });
    const allowed = memberWith(['openid', 'w_member_social', 'r_member_postAnalytics']);
    expect(sandbox.platforms.linkedin.deletePost(urn)).toBe(true);
    const gone = await rest(analytics(urn, 'REACTION'), allowed.token);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
