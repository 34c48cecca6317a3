import type { TSessionStatusResponse } from '@sales-assist/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { ME, SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { aSessionStatus } from '../test/pricing-fixture';
import { PaymentSuccessPage } from './payment-success-page';

/** The stub API, also keeping each session-status query's session_id. */
const serve = (statuses: () => { status?: number; body: unknown }, me = ME) => {
  const api = stubApi({
    'GET /api/session-status': statuses,
    'GET /api/me': { body: me },
  });
  const asked: string[] = [];
  const fetchStub = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/session-status') asked.push(url.searchParams.get('session_id') ?? '');
    return api.fetch(input, init);
  };
  vi.stubGlobal('fetch', fetchStub);
  return { calls: api.calls, asked };
};

const openAt = (sessionId: string) =>
  renderWithApp(<PaymentSuccessPage />, {
    path: `/payment/success/${sessionId}`,
    route: '/payment/success/:sessionId',
  });

describe('the payment success screen', () => {
  beforeEach(() => sessionStore.set({ ...SESSION, subscription_type: 'Basic', credits: 30 }));

  it('thanks the buyer with what was bought, the credits added, the plan and the balance, and refreshes the account', async () => {
    const api = serve(() => ({ body: aSessionStatus() }), {
      ...ME,
      subscription_type: 'Premium',
      credits: 530,
    });
    openAt('cs_test_42');
    expect(await screen.findByRole('heading', { name: 'Thanks for your payment!' })).toBeInTheDocument();
    expect(screen.getByText(/Premium plan, billed monthly · \$49/)).toBeInTheDocument();
    expect(screen.getByText('+500')).toBeInTheDocument();
    expect(screen.getByText('Premium')).toBeInTheDocument();
    expect(screen.getByText('530')).toBeInTheDocument();
    expect(api.asked).toEqual(['cs_test_42']);
    // The header's balance and the pop-up's tier follow: /api/me is asked again and the session updated.
    await waitFor(() => expect(sessionStore.get()?.credits).toBe(530));
    expect(sessionStore.get()?.subscription_type).toBe('Premium');
    expect(screen.getByRole('link', { name: 'See your plan' })).toHaveAttribute('href', '/plan');
  });

  it('waits with "Confirming your payment…" until the webhook has added the purchase', async () => {
    const answers: TSessionStatusResponse[] = [
      aSessionStatus({ fulfilled: false, credits_added: 0, subscription_type: 'Basic', credits: 30 }),
      aSessionStatus({
        kind: 'credits',
        description: '500 credits',
        amount_cents: 1_900,
        subscription_type: 'Basic',
      }),
    ];
    const api = serve(() => ({ body: answers.length > 1 ? answers.shift() : answers[0] }));
    openAt('cs_pack_1');
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(screen.queryByText('Thanks for your payment!')).not.toBeInTheDocument();
    expect(await screen.findByText('Thanks for your payment!', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText(/500 credits · \$19/)).toBeInTheDocument();
    expect(api.asked).toEqual(['cs_pack_1', 'cs_pack_1']);
  });

  it('says the payment is not finished and links back to the checkout', async () => {
    serve(() => ({ body: aSessionStatus({ status: 'open', payment_status: 'unpaid', fulfilled: false }) }));
    openAt('cs_open');
    expect(await screen.findByText('Your payment is not finished')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the checkout' })).toHaveAttribute(
      'href',
      '/checkout/cs_open',
    );
  });

  it('says an expired checkout expired', async () => {
    serve(() => ({
      body: aSessionStatus({ status: 'expired', payment_status: 'unpaid', fulfilled: false }),
    }));
    openAt('cs_old');
    expect(await screen.findByText('This checkout has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
  });

  it("answers another user's session id with the not-found message", async () => {
    serve(() => ({ status: 404, body: { error: 'not_found', message: 'Payment session not found' } }));
    openAt('cs_someone_else');
    expect(await screen.findByText('Payment session not found')).toBeInTheDocument();
    expect(screen.queryByText('Thanks for your payment!')).not.toBeInTheDocument();
  });
});
