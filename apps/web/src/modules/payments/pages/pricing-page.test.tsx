import { PAYMENT_MESSAGES } from '@sales-assist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { SWITCH_POLL_MS, SWITCH_POLL_TIMES } from '../hooks/use-change-subscription';
import { pageExit } from '../lib/leave-page';
import { aPricing, aSubscriberPricing } from '../test/pricing-fixture';
import { PricingPage } from './pricing-page';

const planCard = (name: string) => screen.getByRole('region', { name: `${name} plan` });

describe('the pricing page', () => {
  beforeEach(() => {
    sessionStore.set({ ...SESSION, subscription_type: 'Basic', credits: 30 });
  });

  it('lists Basic and Premium monthly with their limits and credits, the current plan marked', async () => {
    vi.stubGlobal('fetch', stubApi({ 'GET /api/pricing': { body: aPricing() } }).fetch);
    renderWithApp(<PricingPage />, { path: '/pricing' });
    expect(screen.getByRole('status', { name: 'Loading the plans' })).toBeInTheDocument();
    const premium = await screen.findByRole('region', { name: 'Premium plan' });
    expect(screen.queryByRole('status', { name: 'Loading the plans' })).not.toBeInTheDocument();
    expect(within(premium).getByText('$49')).toBeInTheDocument();
    expect(within(premium).getByText('/ month')).toBeInTheDocument();
    expect(within(premium).getByText('8 blog posts a month')).toBeInTheDocument();
    expect(within(premium).getByText('6 Google Ads a month')).toBeInTheDocument();
    expect(within(premium).getByText('500 credits every month')).toBeInTheDocument();
    expect(within(premium).queryByText('Current Plan')).not.toBeInTheDocument();
    const basic = planCard('Basic');
    expect(within(basic).getByText('Free')).toBeInTheDocument();
    expect(within(basic).getByText('No Google Ads')).toBeInTheDocument();
    expect(within(basic).getByText('1 blog post a month')).toBeInTheDocument();
    expect(within(basic).getByText('Current Plan')).toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(screen.getByText('30 credits')).toBeInTheDocument();
  });

  it('shows the annual prices and what they save once Annual is chosen (keyboard)', async () => {
    vi.stubGlobal('fetch', stubApi({ 'GET /api/pricing': { body: aPricing() } }).fetch);
    renderWithApp(<PricingPage />, { path: '/pricing' });
    await screen.findByRole('region', { name: 'Premium plan' });
    expect(screen.getByText('Annual: save 20%')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Annual' })).toBeChecked();
    const premium = planCard('Premium');
    expect(within(premium).getByText('$470')).toBeInTheDocument();
    expect(within(premium).getByText('/ year')).toBeInTheDocument();
    expect(within(premium).getByText(/\$39\.17 a month, billed yearly/)).toBeInTheDocument();
    expect(within(premium).getByText(/save \$118 \(20%\)/)).toBeInTheDocument();
    expect(within(premium).getByText('6,000 credits every year')).toBeInTheDocument();
  });

  it('starts a checkout for Premium at the chosen interval and opens /checkout/{id}', async () => {
    const api = stubApi({
      'GET /api/pricing': { body: aPricing() },
      'POST /api/checkout': { body: { id: 'cs_test_123' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderWithApp(<PricingPage />, { path: '/pricing' });
    await screen.findByRole('region', { name: 'Premium plan' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Annual' }));
    await user.click(within(planCard('Premium')).getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/cs_test_123'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'plan',
      plan_id: 'premium',
      interval: 'year',
    });
  });

  it('buys a credit pack', async () => {
    const api = stubApi({
      'GET /api/pricing': { body: aPricing() },
      'POST /api/checkout': { body: { id: 'cs_pack' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderWithApp(<PricingPage />, { path: '/pricing' });
    const pack = await screen.findByRole('region', { name: '1,500 credits' });
    expect(within(pack).getByText('$49')).toBeInTheDocument();
    expect(within(pack).getByText(/Enough for 30 outreach campaigns/)).toBeInTheDocument();
    await userEvent.setup().click(within(pack).getByRole('button', { name: 'Buy 1,500 credits' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/cs_pack'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'credits',
      pack_id: 'credits-1500',
    });
  });

  it('sends a subscriber to the billing portal instead of a new checkout', async () => {
    const leave = vi.spyOn(pageExit, 'to').mockImplementation(() => undefined);
    const api = stubApi({
      'GET /api/pricing': { body: aSubscriberPricing() },
      'POST /api/billing-portal': { body: { url: 'https://billing.example/session/1' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<PricingPage />, { path: '/pricing' });
    const premium = await screen.findByRole('region', { name: 'Premium plan' });
    expect(within(premium).getByText('Current Plan')).toBeInTheDocument();
    expect(screen.getByText(/renews on/)).toHaveTextContent(
      'Premium, billed monthly: renews on December 24, 2026',
    );
    expect(screen.queryByRole('button', { name: /Upgrade|Buy Premium/ })).not.toBeInTheDocument();
    await userEvent.setup().click(within(premium).getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://billing.example/session/1'));
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/api/checkout')).toBe(false);
  });

  it('switches a monthly subscriber to annual after a dialog stating the price and the charge now', async () => {
    let switched = false;
    const api = stubApi({
      'GET /api/pricing': () => ({ body: aSubscriberPricing({}, switched ? 'year' : 'month') }),
      'POST /api/subscription/change': () => {
        switched = true;
        return {
          body: { plan_id: 'premium', interval: 'year', amount_charged_cents: 42_100, currency: 'usd' },
        };
      },
      'GET /api/me': { body: { ...ME, subscription_type: 'Premium', credits: 6_530 } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<PricingPage />, { path: '/pricing' });
    await screen.findByRole('region', { name: 'Premium plan' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Annual' }));
    const annual = planCard('Premium');
    expect(within(annual).queryByText('Current Plan')).not.toBeInTheDocument();
    await user.click(within(annual).getByRole('button', { name: 'Switch to annual' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Premium, billed yearly?' });
    expect(within(dialog).getByText('$470 a year')).toBeInTheDocument();
    expect(within(dialog).getByText(/The difference is charged to your card now/)).toHaveTextContent(
      /unused part of the period you already paid for \(prorated\)/,
    );
    expect(within(dialog).getByText(/starts again today and renews every year/)).toBeInTheDocument();
    // Nothing is asked of the server before the confirmation.
    expect(api.calls.some((call) => call.path === '/api/subscription/change')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm switch' }));
    expect(
      await screen.findByText('You are now on Premium, billed yearly. $421 was charged to your card.'),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/subscription/change')?.body).toEqual({
      plan_id: 'premium',
      interval: 'year',
    });
    await waitFor(() => expect(within(planCard('Premium')).getByText('Current Plan')).toBeInTheDocument());
    expect(within(planCard('Premium')).getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(planCard('Premium')).getByRole('button', { name: 'Switch to monthly' })).toBeEnabled();
  });

  it('shows the server’s message when a switch is refused, and changes nothing', async () => {
    const api = stubApi({
      'GET /api/pricing': { body: aSubscriberPricing() },
      'POST /api/subscription/change': {
        status: 402,
        body: { error: 'card_declined', message: PAYMENT_MESSAGES.changeDeclined },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<PricingPage />, { path: '/pricing' });
    await screen.findByRole('region', { name: 'Premium plan' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Annual' }));
    await user.click(within(planCard('Premium')).getByRole('button', { name: 'Switch to annual' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm switch' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.changeDeclined)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(planCard('Premium')).getByRole('button', { name: 'Switch to annual' })).toBeEnabled();
    expect(api.calls.filter((call) => call.path === '/api/subscription/change')).toHaveLength(1);
  });

  it('says the switch went through when the new interval is slow to show', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = stubApi({
        // The webhooks never arrive in this test: pricing keeps the monthly subscription.
        'GET /api/pricing': { body: aSubscriberPricing() },
        'POST /api/subscription/change': {
          body: { plan_id: 'premium', interval: 'year', amount_charged_cents: 42_100, currency: 'usd' },
        },
        'GET /api/me': { body: ME },
      });
      vi.stubGlobal('fetch', api.fetch);
      renderWithApp(<PricingPage />, { path: '/pricing' });
      await screen.findByRole('region', { name: 'Premium plan' });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('radio', { name: 'Annual' }));
      await user.click(within(planCard('Premium')).getByRole('button', { name: 'Switch to annual' }));
      await user.click(await screen.findByRole('button', { name: 'Confirm switch' }));
      await waitFor(() =>
        expect(api.calls.some((call) => call.path === '/api/subscription/change')).toBe(true),
      );
      await vi.advanceTimersByTimeAsync(SWITCH_POLL_MS * SWITCH_POLL_TIMES);
      expect(
        await screen.findByText(
          'Your switch to Premium, billed yearly, went through: $421 was charged to your card. It will show here in a moment.',
        ),
      ).toBeInTheDocument();
      // Asked once per attempt, not more.
      const polls = api.calls.filter((call) => call.path === '/api/pricing').length;
      expect(polls).toBeGreaterThanOrEqual(SWITCH_POLL_TIMES);
      expect(polls).toBeLessThanOrEqual(SWITCH_POLL_TIMES + 3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when a subscription ends at the period end', async () => {
    const pricing = aSubscriberPricing();
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/pricing': {
          body: { ...pricing, subscription: { ...pricing.subscription, cancel_at_period_end: true } },
        },
      }).fetch,
    );
    renderWithApp(<PricingPage />, { path: '/pricing' });
    expect(await screen.findByText(/ends on/)).toHaveTextContent(
      'Premium, billed monthly: ends on December 24, 2026',
    );
  });

  it('shows a retry when the plans cannot be loaded, and empty states when nothing is on sale', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/pricing': () =>
          fail
            ? { status: 500, body: { error: 'internal', message: 'Something went wrong!' } }
            : { body: aPricing({ monthlyPlans: [], annualPlans: [], creditPacks: [] }) },
      }).fetch,
    );
    renderWithApp(<PricingPage />, { path: '/pricing' });
    expect(await screen.findByText('Could not load the plans')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No plans are on sale right now')).toBeInTheDocument();
    expect(screen.getByText('No credit packs are on sale right now')).toBeInTheDocument();
  });
});
