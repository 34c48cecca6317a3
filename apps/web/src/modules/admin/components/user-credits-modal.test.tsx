import type { TAdminUser, TCreditLedgerResponse } from '@sales-assist/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { UserCreditsModal } from './user-credits-modal';
import { UserPlanModal } from './user-plan-modal';

const USER: TAdminUser = {
  id: '6c1f3f1e-0000-4000-8000-000000000001',
  email: 'sam@globex.example',
  is_admin: false,
  is_active: true,
  is_verified: true,
  subscription_type: 'Basic',
  credits: 80,
  created_at: '2026-11-20T09:00:00.000Z',
};

const LEDGER: TCreditLedgerResponse = {
  entries: [
    {
      id: 2,
      amount: -20,
      reason: 'campaign',
      note: null,
      actor_email: null,
      reference: null,
      created_at: '2026-11-22T09:00:00.000Z',
    },
    {
      id: 1,
      amount: 100,
      reason: 'admin_adjustment',
      note: 'Welcome bonus',
      actor_email: 'boss@acme.example',
      reference: null,
      created_at: '2026-11-21T09:00:00.000Z',
    },
  ],
  total: 2,
  balance: 80,
};

const ledgerPath = `GET /api/admin/users/${USER.id}/credits`;
const adjustPath = `POST /api/admin/users/${USER.id}/credits`;

// jsdom has no font loading: Mantine's autosizing text box listens for fonts to measure again.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

describe('UserCreditsModal', () => {
  it('shows the balance and the history, refuses a missing number, then grants with the reason', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    let ledger = LEDGER;
    const api = stubApi({
      [ledgerPath]: () => ({ body: ledger }),
      [adjustPath]: () => {
        ledger = {
          ...LEDGER,
          balance: 130,
          total: 3,
          entries: [
            {
              ...LEDGER.entries[1],
              id: 3,
              amount: 50,
              note: 'Goodwill',
              created_at: '2026-11-23T09:00:00.000Z',
            },
            ...LEDGER.entries,
          ],
        } as TCreditLedgerResponse;
        return { body: { message: 'Updated', credits: 130 } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<UserCreditsModal user={USER} onClose={() => undefined} />);
    const user = userEvent.setup();

    await waitFor(() => expect(screen.getByLabelText('Balance')).toHaveTextContent('80 credits'));
    const history = await screen.findByRole('table', { name: 'Credit history' });
    expect(history).toHaveTextContent('Campaign created');
    expect(history).toHaveTextContent('-20');
    expect(history).toHaveTextContent('“Welcome bonus” — boss@acme.example');

    const submit = () => screen.getAllByRole('button', { name: 'Grant credits' }).at(-1) as HTMLElement;
    await user.click(submit());
    expect(await screen.findByText('Please enter valid number')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /Credits/ }), '50');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), '  Goodwill ');
    await user.click(submit());
    expect(await screen.findByText('Updated')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      amount: 50,
      reason: 'Goodwill',
    });
    await waitFor(() => expect(screen.getByLabelText('Balance')).toHaveTextContent('130 credits'));
    expect(screen.getByRole('table', { name: 'Credit history' })).toHaveTextContent('+50');
    expect(screen.getByRole('textbox', { name: /Credits/ })).toHaveValue('');
  });

  it('a removal is sent negative, and more than the balance is not offered', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const api = stubApi({
      [ledgerPath]: { body: LEDGER },
      [adjustPath]: { body: { message: 'Updated', credits: 50 } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<UserCreditsModal user={USER} onClose={() => undefined} />);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Credit history' });
    await user.click(screen.getByText('Remove credits'));
    const credits = screen.getByRole('textbox', { name: /Credits/ });
    await user.type(credits, '81');
    expect(
      screen.getByText('This account has 80 credits: you can remove at most that many'),
    ).toBeInTheDocument();
    const remove = screen.getAllByRole('button', { name: 'Remove credits' }).at(-1) as HTMLElement;
    expect(remove).toBeDisabled();
    await user.clear(credits);
    await user.type(credits, '30');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Granted twice');
    expect(remove).toBeEnabled();
    await user.click(remove);
    expect(await screen.findByText('Updated')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      amount: -30,
      reason: 'Granted twice',
    });
  });
});

describe('UserPlanModal', () => {
  it('confirms a change, and shows the server refusal for an account paying through Stripe', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const message =
      'This account pays for its plan through Stripe: change or cancel it in the billing portal, not here';
    const api = stubApi({
      [`PUT /api/admin/users/${USER.id}/plan`]: { status: 409, body: { error: 'conflict', message } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const onClose = vi.fn();
    renderWithApp(<UserPlanModal user={USER} onClose={onClose} />);
    const user = userEvent.setup();
    const confirm = screen.getByRole('button', { name: 'Change plan' });
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Premium/ }));
    await user.click(confirm);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ subscription_type: 'Premium' });
  });
});
