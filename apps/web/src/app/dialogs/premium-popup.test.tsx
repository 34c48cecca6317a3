import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { RootLayout } from '../router/root-layout';
import { sessionStore } from '../session/session-store';
import { premiumPopup } from './premium-popup-store';

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

describe('PremiumPopup in the root layout', () => {
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
