import type { APIRequestContext } from '@playwright/test';
import { CAMPAIGN_ACTIONS } from '@sales-assist/contract';
import { expect } from './fixtures';

/** The columns of the spec's CSV template, in its order. */
export const LEADS_CSV_HEADER =
  'Name,Headline,Location,Company,Connection Degree,Source,Linkedin URL,Profile Image URL';

/**
 * Waits until the list named `name` is ready, its import done ("Not in Campaign" with at least one lead), and
 * answers its id. `timeout`: a LinkedIn search import takes longer than a CSV.
 */
export const readyList = async (
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  timeout = 60_000,
): Promise<number> => {
  let id = 0;
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/linkedinAI/fetch_all_lists', { headers });
        const { lists } = (await answer.json()) as {
          lists: { id: number; name: string; status: string; leadcount: number }[];
        };
        const list = lists.find((entry) => entry.name === name);
        id = list?.id ?? 0;
        return list ? `${list.status}:${list.leadcount > 0}` : 'missing';
      },
      { timeout, intervals: [500] },
    )
    .toBe('Not in Campaign:true');
  return id;
};

/**
 * A lead list from a CSV of `rows` (lines under LEADS_CSV_HEADER), saved through the API as the screens
 * do; answers its id once the import is done (the list shows "Not in Campaign").
 */
export const csvList = async (
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  rows: string[],
): Promise<number> => {
  const saved = await request.post('/api/linkedinAI/save_leads', {
    headers,
    multipart: {
      list: name,
      file: {
        name: 'leads.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${LEADS_CSV_HEADER}\r\n${rows.join('\r\n')}\r\n`),
      },
    },
  });
  expect(saved.status()).toBe(200);
  return readyList(request, headers, name);
};

/**
 * A campaign on list `listId` with every action, the "Compliment, Relate and Sell" template (by its name)
 * and 10 connection requests a day, made through the API; answers its id.
 */
export const apiCampaign = async (
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  listId: number,
): Promise<number> => {
  const created = await request.post('/api/linkedinAI/create_campaign', {
    headers,
    data: {
      campaign_name: name,
      source: 'LinkedIn',
      campaign_goal: 'Book a Meeting',
      message_tone: 'Friendly, Approachable',
      days_post_engagement: '7 days',
      message: 'Compliment, Relate and Sell',
      connection_request_per_day: 10,
      withdraw_after: 7,
      time: 'Weekdays during working hours',
      timezone: '(IST) Indian Standard Time',
      list_id: listId,
      connection_degree: 0,
      isProfilePic: 0,
      actions: CAMPAIGN_ACTIONS,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { campaign_id: number }).campaign_id;
};

/** Launches a campaign made with apiCampaign once its messages are written, approving them as they are. */
export const launchWhenMessagesReady = async (
  request: APIRequestContext,
  headers: Record<string, string>,
  campaignId: number,
): Promise<void> => {
  await expect
    .poll(
      async () => {
        const answer = await request.get(
          `/api/linkedinAI/get_campaign_leads?id=${campaignId}&page=1&limit=10`,
          { headers },
        );
        return ((await answer.json()) as { campaign: { 'Messages Ready': boolean } }).campaign[
          'Messages Ready'
        ];
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  const launched = await request.put('/api/linkedinAI/launch_campaign', {
    headers,
    data: { id: campaignId, unapproved: 'approve' },
  });
  expect(launched.status(), await launched.text()).toBe(200);
};
