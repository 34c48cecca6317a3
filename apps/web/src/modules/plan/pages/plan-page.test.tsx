import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { renderWatchingConsole } from '../../../test/render-watching-console';
import { PlanPage } from './plan-page';

describe('the plan page', () => {
  it('renders the subscription with its badge and the limits table without React errors', async () => {
    const errors = await renderWatchingConsole(<PlanPage />, '/plan', 'Current Plan');
    expect(screen.getByText('Your plan')).toBeInTheDocument();
    expect(errors).toEqual([]);
  });

  it("shows this month's use against the plan's totals", async () => {
    sessionStore.set(SESSION);
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/me': { body: ME },
        'GET /api/plan_usage': {
          body: {
            subscription_type: 'Premium',
            period: '2026-11',
            resets_on: '2026-12-01',
            totalData: {
              blogs_limit: 8,
              blogs_topic_limit: 24,
              google_ads_limit: 6,
              social_media_posts_limit: 12,
            },
            currentData: {
              blogs_limit: 8,
              blogs_topic_limit: 5,
              google_ads_limit: 0,
              social_media_posts_limit: 1,
            },
          },
        },
      }).fetch,
    );
    renderWithApp(<PlanPage />, { path: '/plan' });
    expect(await screen.findByText('Used this month')).toBeInTheDocument();
    const blogsRow = screen.getByText('Blog posts').closest('tr') as HTMLElement;
    expect(within(blogsRow).getByText('8 / 8')).toBeInTheDocument();
    const topicsRow = screen.getByText('Blog topic ideas').closest('tr') as HTMLElement;
    expect(within(topicsRow).getByText('5 / 24')).toBeInTheDocument();
    expect(screen.getByText(/start again on 2026-12-01/)).toBeInTheDocument();
  });
});
