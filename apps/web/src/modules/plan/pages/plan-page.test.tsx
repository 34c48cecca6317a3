import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWatchingConsole } from '../../../test/render-watching-console';
import { PlanPage } from './plan-page';

describe('the plan page', () => {
  it('renders the subscription with its badge and the limits table without React errors', async () => {
    const errors = await renderWatchingConsole(<PlanPage />, '/plan', 'Current Plan');
    expect(screen.getByText('Your plan')).toBeInTheDocument();
    expect(errors).toEqual([]);
  });
});
