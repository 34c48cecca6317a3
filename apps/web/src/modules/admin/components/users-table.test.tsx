import type { TAdminUser } from '@sales-assist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { UsersManagementPage } from '../pages/users-management-page';

const SAM: TAdminUser = {
  id: '6c1f3f1e-0000-4000-8000-000000000002',
  email: 'sam@globex.example',
  is_admin: false,
  is_active: true,
  is_verified: true,
  subscription_type: 'Basic',
  credits: 40,
  created_at: '2026-11-20T09:00:00.000Z',
};

describe('User Management: plan and credits', () => {
  it('changes a plan from the row and shows it, and opens the credits of that account', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true, email: 'boss@acme.example' });
    let sam = SAM;
    const api = stubApi({
      'GET /api/admin/users': () => ({ body: { users: [sam], total: 1 } }),
      [`PUT /api/admin/users/${SAM.id}/plan`]: () => {
        sam = { ...SAM, subscription_type: 'Premium' };
        return { body: { message: 'Updated', subscription_type: 'Premium' } };
      },
      [`GET /api/admin/users/${SAM.id}/credits`]: { body: { entries: [], total: 0, balance: 40 } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<UsersManagementPage />);
    const user = userEvent.setup();

    const row = await screen.findByRole('row', { name: /sam@globex\.example/ });
    expect(within(row).getByText('Basic')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Change plan: sam@globex.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    await user.click(within(dialog).getByRole('radio', { name: /Premium/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Updated')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /sam@globex/ })).getByText('Premium'),
      ).toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change plan' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Credits: sam@globex.example' }));
    const credits = await screen.findByRole('dialog', { name: 'Credits' });
    expect(within(credits).getByText('sam@globex.example')).toBeInTheDocument();
    expect(await within(credits).findByText('No credit history yet')).toBeInTheDocument();
    await waitFor(() => expect(within(credits).getByLabelText('Balance')).toHaveTextContent('40 credits'));
  });
});
