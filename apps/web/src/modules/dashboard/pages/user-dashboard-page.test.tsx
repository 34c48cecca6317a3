import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWatchingConsole } from '../../../test/render-watching-console';
import { UserDashboardPage } from './user-dashboard-page';

// One page per file: React reports a nesting error once per module, so a shared file would hide the second.
describe('the dashboard', () => {
  it('renders its plan badge, credits and website cards without React errors', async () => {
    const errors = await renderWatchingConsole(<UserDashboardPage />, '/', 'Dashboard');
    expect(screen.getByText('Premium')).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(errors).toEqual([]);
  });
});
