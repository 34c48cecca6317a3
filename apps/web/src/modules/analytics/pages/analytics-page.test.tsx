import type {
  TContentAnalyticsResponse,
  TFunnelRow,
  TOutreachAnalyticsResponse,
} from '@sales-assist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { AnalyticsPage } from './analytics-page';

const row = (counts: Partial<TFunnelRow> = {}): TFunnelRow => ({
  leads: 4,
  viewed: 4,
  liked: 1,
  commented: 1,
  invited: 3,
  accepted: 2,
  messaged: 2,
  replied: 1,
  interested: 0,
  rates: { acceptance: { count: 2, of: 3, percent: 66.7 }, reply: { count: 1, of: 2, percent: 50 } },
  ...counts,
});

const FIGURES: TOutreachAnalyticsResponse = {
  period: { from: '2026-02-09', to: '2026-03-10', zone: 'Asia/Tokyo', bucket: 'day' },
  funnel: {
    leads: 7,
    viewed: 7,
    liked: 2,
    commented: 1,
    invited: 4,
    accepted: 2,
    messaged: 2,
    replied: 1,
    interested: 1,
  },
  rates: { acceptance: { count: 2, of: 4, percent: 50 }, reply: { count: 1, of: 2, percent: 50 } },
  by_campaign: [
    { campaign_id: 3, name: 'Spring push', ...row() },
    { campaign_id: 4, name: '=HYPERLINK("http://evil")', ...row({ leads: 2 }) },
  ],
  by_account: [{ account_id: 'a1', name: 'Ada Sandbox', ...row() }],
  by_template: [{ template: 'Compliment, Relate and Sell', ...row() }],
  by_tone: [{ tone: 'Friendly, Approachable', ...row() }],
  over_time: [
    { bucket: '2026-03-09', invited: 3, accepted: 1, messaged: 0, replied: 0 },
    { bucket: '2026-03-10', invited: 1, accepted: 1, messaged: 2, replied: 1 },
  ],
  accounts_today: [
    {
      account_id: 'a1',
      name: 'Ada Sandbox',
      status: 'active',
      caps: [
        { label: 'Profile views', used: 12, cap: 80 },
        { label: 'Connection requests', used: 10, cap: 10 },
      ],
    },
  ],
  campaigns: [
    { id: 3, name: 'Spring push' },
    { id: 4, name: '=HYPERLINK("http://evil")' },
  ],
};

const EMPTY: TOutreachAnalyticsResponse = {
  ...FIGURES,
  funnel: {
    leads: 0,
    viewed: 0,
    liked: 0,
    commented: 0,
    invited: 0,
    accepted: 0,
    messaged: 0,
    replied: 0,
    interested: 0,
  },
  rates: { acceptance: { count: 0, of: 0, percent: null }, reply: { count: 0, of: 0, percent: null } },
  by_campaign: [],
  by_account: [],
  by_template: [],
  by_tone: [],
  over_time: [],
};

const zeros = { published: 0, failed: 0, held: 0, waiting: 0 };
const CONTENT: TContentAnalyticsResponse = {
  period: { from: '2025-12-11', to: '2026-03-10', zone: 'Asia/Tokyo' },
  totals: { published: 3, failed: 1, held: 1, waiting: 0 },
  by_network: [
    { network: 'linkedin', published: 2, failed: 1, held: 0, waiting: 0 },
    { network: 'facebook', ...zeros, held: 1 },
    { network: 'instagram', ...zeros },
    { network: 'wordpress', ...zeros, published: 1 },
  ],
  by_week: [
    {
      week: '2026-03-02',
      networks: [
        { network: 'linkedin', published: 2, failed: 1, held: 0, waiting: 0 },
        { network: 'facebook', ...zeros, held: 1 },
        { network: 'instagram', ...zeros },
        { network: 'wordpress', ...zeros, published: 1 },
      ],
    },
  ],
  figures_by_week: [
    {
      week: '2026-03-02',
      networks: [
        { network: 'linkedin', views: 0, reach: 0, reactions: 0, comments: 0, shares: 0, saves: 0 },
        { network: 'facebook', views: 420, reach: 300, reactions: 21, comments: 5, shares: 3, saves: 0 },
        { network: 'instagram', views: 0, reach: 0, reactions: 0, comments: 0, shares: 0, saves: 0 },
      ],
    },
  ],
};

/** The API as the page sees it; each analytics call is recorded with its query. */
const stubApi = (figures: TOutreachAnalyticsResponse) => {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    if (path === '/analytics/outreach') asked.push(url.searchParams);
    const body =
      path === '/me'
        ? { ...ME, time_zone: 'Asia/Tokyo' }
        : path === '/analytics/outreach'
          ? figures
          : path === '/analytics/content'
            ? CONTENT
            : path === '/analytics/content/posts'
              ? { posts: [], next_cursor: null }
              : { error: 'not_found', message: 'No such call' };
    return new Response(JSON.stringify(body), {
      status: 'error' in body ? 404 : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return asked;
};

const renderPage = () => {
  sessionStore.set(SESSION);
  return renderWithApp(<AnalyticsPage />, { path: '/analytics' });
};

describe('Analytics (/analytics)', () => {
  it("asks for the last 30 days in the user's zone and shows the rates with their counts and the funnel", async () => {
    const asked = stubApi(FIGURES);
    renderPage();
    expect(await screen.findByText('50% · 2 of 4')).toBeInTheDocument();
    expect(screen.getAllByText('50% · 1 of 2')).toHaveLength(1);
    const query = asked[0];
    expect(query?.get('zone')).toBe('Asia/Tokyo');
    expect(query?.get('bucket')).toBe('day');
    const from = new Date(`${query?.get('from')}T00:00:00Z`).getTime();
    const to = new Date(`${query?.get('to')}T00:00:00Z`).getTime();
    expect((to - from) / 86_400_000).toBe(29);
    const funnel = screen.getByRole('table', { name: 'Outreach funnel' });
    expect(within(funnel).getByRole('row', { name: 'Leads reached 7' })).toBeInTheDocument();
    expect(within(funnel).getByRole('row', { name: 'Replied 1' })).toBeInTheDocument();
    expect(within(funnel).getByRole('row', { name: 'Labelled interested 1' })).toBeInTheDocument();
    const byCampaign = screen.getByRole('table', { name: 'Outreach by campaign' });
    expect(within(byCampaign).getByText('Spring push')).toBeInTheDocument();
    expect(within(byCampaign).getAllByText('66.7% (2 of 3)')).toHaveLength(2);
    expect(screen.getByLabelText('Ada Sandbox: Connection requests 10 of 10')).toBeInTheDocument();
  });

  it('asks again by week and for the campaigns chosen, from the keyboard', async () => {
    const asked = stubApi(FIGURES);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('50% · 2 of 4');
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(asked.at(-1)?.get('bucket')).toBe('week'));
    await user.click(screen.getByPlaceholderText('All campaigns'));
    await user.keyboard('Spring{ArrowDown}{Enter}');
    await waitFor(() => expect(asked.at(-1)?.get('campaign_ids')).toBe('3'));
  });

  it('exports a table as CSV, a formula-looking name neutralised', async () => {
    stubApi(FIGURES);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:analytics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('50% · 2 of 4');
    await user.click(screen.getByRole('button', { name: 'Export CSV: outreach-by-campaign.csv' }));
    const text = await blobs[0]?.text();
    const lines = text?.replace('\uFEFF', '').split('\r\n') ?? [];
    expect(lines[0]).toBe(
      'Campaign,Leads reached,Viewed,Liked,Commented,Invited,Accepted,Messaged,Replied,Interested,Acceptance rate,Accepted of invited,Reply rate,Replied of messaged',
    );
    expect(lines[1]).toBe('Spring push,4,4,1,1,3,2,2,1,0,66.7%,2 of 3,50%,1 of 2');
    expect(lines[2]?.startsWith(`"'=HYPERLINK(""http://evil"")"`)).toBe(true);
  });

  it('says when there is no outreach in the period and leads to Campaigns', async () => {
    stubApi(EMPTY);
    renderPage();
    expect(await screen.findByText('No outreach in this period yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Campaigns' })).toHaveAttribute('href', '/campaigns');
  });

  it('shows what was published per network in the Content tab', async () => {
    stubApi(FIGURES);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('50% · 2 of 4');
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    const table = await screen.findByRole('table', { name: 'Posts per network' });
    expect(within(table).getByRole('row', { name: 'LinkedIn 2 1 0 0' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Facebook 0 0 1 0' })).toBeInTheDocument();
    expect(screen.getByText('Held for you')).toBeInTheDocument();
    expect(screen.getByText('Views per week')).toBeInTheDocument();
    expect(await screen.findByText('No published posts yet')).toBeInTheDocument();
  });
});
