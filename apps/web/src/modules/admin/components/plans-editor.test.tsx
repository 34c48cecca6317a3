import type { TAdminCreditPack, TAdminPlan } from '@sales-assist/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { PlansPage } from '../pages/plans-page';

const BASIC: TAdminPlan = {
  id: 'basic',
  tier: 'Basic',
  name: 'Basic',
  description: 'Try the writer',
  limits: { blogs_limit: 1, blogs_topic_limit: 3, google_ads_limit: 0, social_media_posts_limit: 2 },
  monthly_price_cents: 0,
  annual_price_cents: 0,
  currency: 'usd',
  monthly_credits: 0,
  ai_requests_per_month: 300,
  active: true,
  free: true,
  updated_at: '2026-11-24T00:00:00.000Z',
};
const PREMIUM: TAdminPlan = {
  ...BASIC,
  id: 'premium',
  tier: 'Premium',
  name: 'Premium',
  description: 'Content every week',
  limits: { blogs_limit: 8, blogs_topic_limit: 24, google_ads_limit: 6, social_media_posts_limit: 12 },
  monthly_price_cents: 4900,
  annual_price_cents: 47000,
  monthly_credits: 500,
  free: false,
};
const PACK: TAdminCreditPack = {
  id: 'credits-500',
  name: '500 credits',
  credits: 500,
  price_cents: 1900,
  currency: 'usd',
  active: true,
  updated_at: '2026-11-24T00:00:00.000Z',
};

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe('PlansPage', () => {
  it('keeps the free plan free, refuses an empty limit, and saves prices in cents', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    let premium = PREMIUM;
    const api = stubApi({
      'GET /api/admin/plans': () => ({ body: { plans: [BASIC, premium] } }),
      'GET /api/admin/credit-packs': { body: { packs: [PACK] } },
      'PUT /api/admin/plans/premium': (init) => {
        const body = bodyOf(init);
        premium = { ...PREMIUM, ...body, updated_at: '2026-11-24T01:00:00.000Z' };
        return { body: premium };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<PlansPage />);
    const user = userEvent.setup();

    const basic = await screen.findByRole('region', { name: 'Plan Basic' });
    expect(within(basic).getByRole('textbox', { name: 'Monthly price' })).toBeDisabled();
    expect(within(basic).getByRole('switch', { name: 'Active' })).toBeDisabled();

    const card = screen.getByRole('region', { name: 'Plan Premium' });
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const blogs = within(card).getByRole('textbox', { name: 'Blog posts a month' });
    await user.clear(blogs);
    await user.click(save);
    expect(await screen.findAllByText('Please enter valid number')).toHaveLength(2);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(blogs, '9');
    const monthly = within(card).getByRole('textbox', { name: 'Monthly price' });
    await user.clear(monthly);
    await user.type(monthly, '59.5');
    // The AI allowance beside the §9 limits: PREMIUM has 300 (BASIC's spread), typed over.
    const allowance = within(card).getByRole('textbox', { name: 'AI requests a month' });
    await user.clear(allowance);
    await user.type(allowance, '2500');
    await user.click(save);
    expect(await screen.findByText('Updated')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Premium',
      description: 'Content every week',
      limits: { ...PREMIUM.limits, blogs_limit: 9 },
      monthly_price_cents: 5950,
      annual_price_cents: 47000,
      monthly_credits: 500,
      ai_requests_per_month: 2500,
      active: true,
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Plan Premium' })).getByRole('button', { name: 'Save' }),
      ).toBeDisabled(),
    );
  });

  it('adds a credit pack in dollars and deactivates one without deleting it', async () => {
    sessionStore.set({ ...SESSION, isAdmin: true });
    const api = stubApi({
      'GET /api/admin/plans': { body: { plans: [BASIC, PREMIUM] } },
      'GET /api/admin/credit-packs': { body: { packs: [PACK] } },
      'POST /api/admin/credit-packs': (init) => ({ body: { ...PACK, ...bodyOf(init), id: 'pack-1' } }),
      'PUT /api/admin/credit-packs/credits-500': (init) => ({ body: { ...PACK, ...bodyOf(init) } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<PlansPage />);
    const user = userEvent.setup();
    const packs = await screen.findByRole('region', { name: 'Credit packs' });
    expect(await within(packs).findByText('$19.00')).toBeInTheDocument();

    await user.click(within(packs).getByRole('button', { name: 'Deactivate 500 credits' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        name: '500 credits',
        credits: 500,
        price_cents: 1900,
        active: false,
      }),
    );

    await user.click(within(packs).getByRole('button', { name: 'Add credit pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add credit pack' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Starter');
    await user.type(within(dialog).getByRole('textbox', { name: /Credits/ }), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Add credit pack' }));
    expect(await within(dialog).findByText('Please enter valid number')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Price/ }), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Add credit pack' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Starter',
        credits: 200,
        price_cents: 1500,
        active: true,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add credit pack' })).not.toBeInTheDocument(),
    );
  });
});
