import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { renderWatchingConsole } from '../../../test/render-watching-console';
import { pageExit } from '../../payments/lib/leave-page';
import { aPricing, aSubscriberPricing } from '../../payments/test/pricing-fixture';
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

  it("shows a subscriber's billing state and opens Stripe's portal from Manage subscription", async () => {
    const leave = vi.spyOn(pageExit, 'to').mockImplementation(() => undefined);
    sessionStore.set(SESSION);
    const api = stubApi({
      'GET /api/me': { body: { ...ME, credits: 530 } },
      'GET /api/pricing': { body: aSubscriberPricing() },
      'POST /api/billing-portal': { body: { url: 'https://billing.example/p/1' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<PlanPage />, { path: '/plan' });
    expect(await screen.findByText(/renews on/)).toHaveTextContent(
      'Premium, billed monthly: renews on December 24, 2026',
    );
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('530')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/pricing#credits');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://billing.example/p/1'));
  });

  it('offers the plans and credits, but no portal, to an account without a subscription', async () => {
    sessionStore.set({ ...SESSION, subscription_type: 'Basic', credits: 30 });
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/me': { body: { ...ME, subscription_type: 'Basic', credits: 30 } },
        'GET /api/pricing': { body: aPricing() },
      }).fetch,
    );
    renderWithApp(<PlanPage />, { path: '/plan' });
    expect(await screen.findByText(/No paid subscription/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Billing history' })).not.toBeInTheDocument();
  });

  it('opens the billing history for an account that bought credits without a subscription', async () => {
    const leave = vi.spyOn(pageExit, 'to').mockImplementation(() => undefined);
    sessionStore.set({ ...SESSION, subscription_type: 'Basic', credits: 530 });
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/me': { body: { ...ME, subscription_type: 'Basic', credits: 530 } },
        'GET /api/pricing': { body: { ...aPricing(), has_billing_account: true } },
        'POST /api/billing-portal': { body: { url: 'https://billing.example/p/2' } },
      }).fetch,
    );
    renderWithApp(<PlanPage />, { path: '/plan' });
    expect(await screen.findByText(/No paid subscription/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Billing history' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://billing.example/p/2'));
  });

  it("shows each tier's limits as the plans on sale say (an admin may have changed them)", async () => {
    sessionStore.set(SESSION);
    const pricing = aSubscriberPricing();
    const monthlyPlans = pricing.monthlyPlans.map((plan) =>
      plan.tier === 'Premium' ? { ...plan, limits: { ...plan.limits, blogs_limit: 10 } } : plan,
    );
    vi.stubGlobal(
      'fetch',
      stubApi({ 'GET /api/me': { body: ME }, 'GET /api/pricing': { body: { ...pricing, monthlyPlans } } })
        .fetch,
    );
    renderWithApp(<PlanPage />, { path: '/plan' });
    const blogsRow = (await screen.findByText('Blog posts')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(blogsRow).getByText('10')).toBeInTheDocument());
    expect(within(blogsRow).getByText('1')).toBeInTheDocument();
  });

  it('marks a cancelled subscription as ending and a failed renewal as due', async () => {
    sessionStore.set(SESSION);
    const pricing = aSubscriberPricing();
    const subscription = pricing.subscription as NonNullable<typeof pricing.subscription>;
    let current = { ...subscription, cancel_at_period_end: true };
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/me': { body: ME },
        'GET /api/pricing': () => ({ body: { ...pricing, subscription: current } }),
      }).fetch,
    );
    const view = renderWithApp(<PlanPage />, { path: '/plan' });
    expect(await screen.findByText('Ending')).toBeInTheDocument();
    expect(screen.getByText(/ends on/)).toHaveTextContent(
      'Premium, billed monthly: ends on December 24, 2026',
    );
    view.unmount();
    current = { ...subscription, status: 'past_due' };
    renderWithApp(<PlanPage />, { path: '/plan' });
    expect(await screen.findByText('Payment due')).toBeInTheDocument();
    expect(screen.getByText(/the last payment failed: update your card/)).toBeInTheDocument();
  });
});
