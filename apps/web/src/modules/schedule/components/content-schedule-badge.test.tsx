import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { aScheduleItem, ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { ContentScheduleBadge } from './content-schedule-badge';

const ITEM = aScheduleItem({
  ID: 9,
  title: 'Cold brew at home',
  target_name: 'Roastery Blog',
  connection_id: '00000000-0000-4000-8000-000000000003',
});

afterEach(() => vi.unstubAllGlobals());

describe('the schedule badge on a content card', () => {
  it('asks for this content’s items and says when it is due, in the user’s zone, linking to the calendar', async () => {
    sessionStore.set(SESSION);
    const api = stubApi({
      'GET /api/me': { body: { ...ME, time_zone: 'America/New_York' } },
      'GET /api/schedule': { body: { data: [ITEM], truncated: false } },
    });
    const asked: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(String(input));
      return api.fetch(input, init);
    });
    renderWithApp(<ContentScheduleBadge contentId={3} />);
    await waitFor(() =>
      expect(screen.getByTestId('schedule-badge-3')).toHaveTextContent('Scheduled · Nov 24, 08:05'),
    );
    expect(screen.getByTestId('schedule-badge-3').closest('a')).toHaveAttribute('href', '/schedule?post=9');
    expect(asked.filter((url) => url.includes('/api/schedule'))).toEqual(['/api/schedule?content_id=3']);
  });

  it('shows nothing for content that is not on the calendar, or when the calendar cannot be read', async () => {
    sessionStore.set(SESSION);
    const api = stubApi({
      'GET /api/me': { body: ME },
      'GET /api/schedule': { status: 500, body: { error: 'internal', message: 'Something went wrong!' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { container } = renderWithApp(<ContentScheduleBadge contentId={3} />);
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/schedule')).toBe(true));
    expect(container.querySelector('[data-testid="schedule-badge-3"]')).toBeNull();
    expect(screen.queryByText('Something went wrong!')).not.toBeInTheDocument();
  });
});
