import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { premiumPopup } from '../../../app/dialogs/premium-popup-store';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { newCampaignDraft } from '../lib/campaign-draft';
import { VerifyStep } from './verify-step';

const CONFIRM = 'Do you want to create Campaign for 50 Credits?';

const showStep = (credits: number) => {
  const api = stubApi({ 'GET /api/me': { body: { ...ME, credits } } });
  vi.stubGlobal('fetch', api.fetch);
  renderWithApp(<VerifyStep draft={newCampaignDraft()} onDraftChange={vi.fn()} goTo={vi.fn()} />);
  return api;
};

describe('the campaign verify step: the balance before "Yes"', () => {
  // The stored session still says 450 credits: the step must ask the server, not trust it.
  beforeEach(() => sessionStore.set({ ...SESSION, credits: 450 }));
  afterEach(() => premiumPopup.close());

  it('opens the premium pop-up instead of the confirmation when the fresh balance is under 50', async () => {
    const api = showStep(30);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(premiumPopup.isOpen()).toBe(true));
    expect(screen.queryByText(CONFIRM)).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/me')).toHaveLength(1);
    expect(api.calls.some((call) => call.path === '/api/linkedinAI/create_campaign')).toBe(false);
    expect(sessionStore.get()?.credits).toBe(30);
  });

  it('offers "Yes, Create" with the balance when 50 credits are there', async () => {
    showStep(50);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText(CONFIRM)).toBeInTheDocument();
    expect(screen.getByText(/You have 50 credits/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, Create' })).toBeInTheDocument();
    expect(premiumPopup.isOpen()).toBe(false);
  });

  it('offers nothing when the balance cannot be read (the failure is toasted)', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /api/me': { status: 500, body: { error: 'internal', message: 'Something went wrong!' } },
      }).fetch,
    );
    renderWithApp(<VerifyStep draft={newCampaignDraft()} onDraftChange={vi.fn()} goTo={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(screen.queryByText(CONFIRM)).not.toBeInTheDocument();
    expect(premiumPopup.isOpen()).toBe(false);
  });
});
