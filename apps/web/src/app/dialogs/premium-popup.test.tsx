import { AI_BUDGET_MESSAGES } from '@sales-assist/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { RootLayout } from '../router/root-layout';
import { sessionStore } from '../session/session-store';
import { planLimitDetailOf, premiumPopup } from './premium-popup-store';

describe('premiumPopup store', () => {
  it('tells every subscriber when it opens and closes, and stops after unsubscribing', () => {
    const listener = vi.fn();
    const unsubscribe = premiumPopup.subscribe(listener);
    premiumPopup.open();
    expect(premiumPopup.isOpen()).toBe(true);
    premiumPopup.close();
    expect(premiumPopup.isOpen()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    premiumPopup.open();
    expect(listener).toHaveBeenCalledTimes(2);
    premiumPopup.close();
  });
});

describe('planLimitDetailOf', () => {
  it('reads the figures of a reached plan limit, and nothing from other 402s', () => {
    expect(
      planLimitDetailOf({
        error: 'plan_limit_reached',
        message: 'You have used up your basic plan limit',
        metric: 'blog_topics',
        limit: 3,
        used: 3,
        resets_on: '2026-08-01',
      }),
    ).toEqual({ metric: 'blog_topics', limit: 3, used: 3, resetsOn: '2026-08-01' });
    // An older server's refusal: no reset day, the rest still shown.
    expect(
      planLimitDetailOf({ error: 'plan_limit_reached', message: 'x', metric: 'blogs', limit: 1, used: 1 }),
    ).toEqual({ metric: 'blogs', limit: 1, used: 1, resetsOn: null });
    expect(planLimitDetailOf({ error: 'insufficient_credits', message: 'Not enough credits' })).toBeNull();
    expect(planLimitDetailOf({ error: 'plan_limit_reached', message: 'x', metric: 'blogs' })).toBeNull();
    expect(planLimitDetailOf('Payment required')).toBeNull();
  });
});

describe('PremiumPopup in the root layout', () => {
  it("keeps the spec's words and adds the limit reached, what was used and when it resets", async () => {
    sessionStore.set({ ...SESSION, subscription_type: 'Basic' });
    renderWithApp(<RootLayout />);
    act(() => premiumPopup.open({ metric: 'blog_topics', limit: 3, used: 3, resetsOn: '2026-08-01' }));
    // The first opening loads the pop-up's lazy chunk.
    const dialog = await screen.findByRole('dialog', { name: 'Buy Premium' }, { timeout: 5_000 });
    expect(dialog).toHaveTextContent('You have used up your basic plan limit');
    const figures = within(dialog).getByRole('table', { name: 'The limit you reached' });
    expect(within(figures).getByRole('row', { name: /Limit reached/ })).toHaveTextContent('Blog topics');
    expect(within(figures).getByRole('row', { name: /Used/ })).toHaveTextContent(
      '3 of 3 blog topics this month',
    );
    expect(within(figures).getByRole('row', { name: /Resets on/ })).toHaveTextContent('August 1, 2026');
    expect(within(dialog).getByRole('button', { name: 'Buy Premium' })).toBeInTheDocument();
    act(() => premiumPopup.close());
  });

  it('names the model allowance by its label, and a limit the plan does not include as such', async () => {
    sessionStore.set(SESSION);
    renderWithApp(<RootLayout />);
    act(() => premiumPopup.open({ metric: 'ai_requests', limit: 3000, used: 3000, resetsOn: '2026-09-15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limit Exhausted' });
    expect(dialog).toHaveTextContent(AI_BUDGET_MESSAGES.allowanceLabel);
    expect(dialog).toHaveTextContent('3,000 of 3,000 AI requests this month');
    expect(dialog).toHaveTextContent('September 15, 2026');
    act(() => premiumPopup.close());
    act(() => premiumPopup.open({ metric: 'google_ads', limit: 0, used: 0, resetsOn: '2026-09-01' }));
    const again = await screen.findByRole('dialog', { name: 'Limit Exhausted' });
    expect(again).toHaveTextContent('Google Ads');
    expect(again).toHaveTextContent('Not included in your plan');
    act(() => premiumPopup.close());
  });

  it('shows no figures for a 402 that names none (credits)', async () => {
    sessionStore.set({ ...SESSION, subscription_type: 'Basic' });
    renderWithApp(<RootLayout />);
    act(() => premiumPopup.open());
    const dialog = await screen.findByRole('dialog', { name: 'Buy Premium' });
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    act(() => premiumPopup.close());
  });

  it('loads when a 402 opens it, speaks to the plan, and Cancel closes it', async () => {
    sessionStore.set({ ...SESSION, subscription_type: 'Basic' });
    renderWithApp(<RootLayout />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => premiumPopup.open());
    const dialog = await screen.findByRole('dialog', { name: 'Buy Premium' });
    expect(dialog).toHaveTextContent('You have used up your basic plan limit');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(premiumPopup.isOpen()).toBe(false);
  });

  it('offers a recharge to Premium accounts and leads to /plan', async () => {
    sessionStore.set(SESSION);
    const { router } = renderWithApp(<RootLayout />);
    act(() => premiumPopup.open());
    expect(await screen.findByRole('dialog', { name: 'Limit Exhausted' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Recharge Premium' }));
    expect(router.state.location.pathname).toBe('/plan');
    expect(premiumPopup.isOpen()).toBe(false);
  });
});
