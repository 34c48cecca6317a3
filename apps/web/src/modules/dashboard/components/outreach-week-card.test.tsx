import type { TOutreachAnalyticsResponse } from '@sales-assist/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { OutreachWeekCard } from './outreach-week-card';

const zero = { count: 0, of: 0, percent: null };
const WEEK: TOutreachAnalyticsResponse = {
  period: { from: '2026-03-09', to: '2026-03-11', zone: 'Asia/Tokyo', bucket: 'day' },
  funnel: {
    leads: 40,
    viewed: 30,
    liked: 12,
    commented: 8,
    invited: 24,
    accepted: 9,
    messaged: 7,
    replied: 3,
    interested: 2,
  },
  rates: { acceptance: zero, reply: zero },
  by_campaign: [],
  by_account: [],
  by_template: [],
  by_tone: [],
  over_time: [],
  accounts_today: [],
  campaigns: [],
};

describe("the dashboard's outreach card", () => {
  it("asks for this week from Monday in the user's zone and shows its invitations, acceptances, messages and replies", async () => {
    const asked: URLSearchParams[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/analytics/outreach')) asked.push(url.searchParams);
      const body = url.pathname.endsWith('/me') ? { ...ME, time_zone: 'Asia/Tokyo' } : WEEK;
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    });
    sessionStore.set(SESSION);
    renderWithApp(<OutreachWeekCard />);
    expect(await screen.findByText('24')).toBeInTheDocument();
    expect(screen.getByText('Invited')).toBeInTheDocument();
    expect(screen.getByText('Replied')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Analytics' })).toHaveAttribute('href', '/analytics');
    const query = asked.at(-1);
    expect(query?.get('zone')).toBe('Asia/Tokyo');
    expect(new Date(`${query?.get('from')}T00:00:00Z`).getUTCDay()).toBe(1);
  });
});
