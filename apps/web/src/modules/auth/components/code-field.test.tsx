import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingChallenge } from '../../../app/session/pending-challenge';
import { renderWithApp, stubApi } from '../../../test/render';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { VerificationPage } from '../pages/verification-page';

const CHALLENGE = { token: 'challenge-1', email: 'jane@acme.example' };

/** The six boxes, typed into from the first (focus moves along by itself). */
const typeCode = async (code: string) => {
  const [first] = screen.getAllByLabelText('Verification code');
  if (!first) throw new Error('no code boxes');
  await userEvent.click(first);
  await userEvent.keyboard(code);
};

/** What the form sent (the page also reads its settings with a GET). */
const posts = <T extends { method: string }>(calls: T[]): T[] =>
  calls.filter((call) => call.method === 'POST');

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the code forms send themselves on the sixth digit', () => {
  it('verifies the sign-up code as soon as its sixth digit is typed, without pressing Verify', async () => {
    pendingChallenge.set('verification', CHALLENGE);
    const api = stubApi({
      'POST /api/verify_otp': { status: 400, body: { error: 'bad', message: 'Wrong code' } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<VerificationPage />, { path: '/verificationpage' });
    await typeCode('12345');
    expect(posts(api.calls)).toHaveLength(0);
    await userEvent.keyboard('6');
    await waitFor(() => expect(posts(api.calls).map((call) => call.path)).toEqual(['/api/verify_otp']));
    expect(posts(api.calls)[0]?.body).toEqual({ token: 'challenge-1', otp: '123456' });
  });

  it('changes the password on the sixth digit once the new password is typed twice, and not before', async () => {
    pendingChallenge.set('reset', CHALLENGE);
    const api = stubApi({ 'POST /api/reset_password': { body: { message: 'Password changed' } } });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<ResetPasswordPage />, { path: '/changepassword' });
    await typeCode('654321');
    expect(posts(api.calls)).toHaveLength(0);
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();

    await userEvent.type(screen.getAllByLabelText(/New password/)[0] as HTMLElement, 'Brand-New-Pass9');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'Brand-New-Pass9');
    // The last digit corrected, now that the passwords are in: the form goes.
    await userEvent.click(screen.getAllByLabelText('Verification code')[5] as HTMLElement);
    await userEvent.keyboard('{Backspace}9');
    await waitFor(() => expect(posts(api.calls).map((call) => call.path)).toEqual(['/api/reset_password']));
    expect(posts(api.calls)[0]?.body).toEqual({
      token: 'challenge-1',
      otp: '654329',
      password: 'Brand-New-Pass9',
    });
  });
});
