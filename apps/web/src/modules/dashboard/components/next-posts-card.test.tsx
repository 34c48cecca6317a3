import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { aScheduleItem, ME, SESSION } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { NextPostsCard } from './next-posts-card';

/** The server: /api/me in Tokyo, and the calendar's items of the range asked for. */
const stubServer = (items: ReturnType<typeof aScheduleItem>[]) => {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/schedule')) asked.push(url.searchParams);
    const body = url.pathname.endsWith('/me')
      ? { ...ME, time_zone: 'Asia/Tokyo' }
      : { data: items, truncated: false };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
};

afterEach(() => vi.unstubAllGlobals());

describe("the dashboard's next scheduled posts", () => {
  it("lists the posts still to go out in the next two weeks, in the user's zone, and leads to the calendar", async () => {
    const asked = stubServer([
      aScheduleItem({ ID: 1, PostedOn: '2026-11-24T13:05:00.000Z', status: 'published', title: 'Gone out' }),
      aScheduleItem({
        ID: 2,
        PostedOn: '2026-11-30T01:30:00.000Z',
        title: 'Weekly pipeline reviews',
        platform: 'linkedin',
        target_name: 'Ada Sandbox',
      }),
      aScheduleItem({ ID: 3, PostedOn: '2026-12-01T09:00:00.000Z', status: 'held', title: 'Held back' }),
    ]);
    sessionStore.set(SESSION);
    renderWithApp(<NextPostsCard />);
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    // 01:30 UTC is 10:30 in Tokyo.
    expect(rows[0]).toHaveTextContent('Nov 30, 10:30');
    expect(rows[0]).toHaveTextContent('Linkedin');
    expect(rows[0]).toHaveTextContent('Weekly pipeline reviews · Ada Sandbox');
    expect(screen.getByRole('link', { name: 'Open the calendar' })).toHaveAttribute('href', '/schedule');
    const query = asked.at(-1);
    const from = Date.parse(query?.get('from') ?? '');
    const to = Date.parse(query?.get('to') ?? '');
    expect((to - from) / 86_400_000).toBe(14);
    expect(Math.abs(from - Date.now())).toBeLessThan(120_000);
  });

  it('says when nothing is scheduled', async () => {
    stubServer([]);
    sessionStore.set(SESSION);
    renderWithApp(<NextPostsCard />);
    expect(await screen.findByText(/Nothing is scheduled for the next 14 days/)).toBeInTheDocument();
  });
});
