import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ZMessageResponse } from '@sales-assist/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SESSION } from '../../test/fixtures';
import { stubApi } from '../../test/render';
import { premiumPopup } from '../dialogs/premium-popup-store';
import { sessionStore } from '../session/session-store';
import { api } from './api-client';
import { ApiError } from './api-error';

const expired = { status: 401, body: { error: 'token_expired', message: 'Your session has expired' } };

/** /api/ping answers 401 to the old access token and 200 to the refreshed one. */
const pingNeedingRefresh = (refresh: () => { status?: number; body: unknown }) =>
  stubApi({
    'GET /api/ping': (init) =>
      new Headers(init?.headers).get('Authorization') === 'Bearer access-2'
        ? { body: { message: 'pong' } }
        : expired,
    'POST /api/refresh': refresh,
  });

describe('api', () => {
  it('refreshes an expired session once for concurrent calls and retries each with the new token', async () => {
    sessionStore.set(SESSION);
    const server = pingNeedingRefresh(() => ({
      body: { access_token: 'access-2', refresh_token: 'refresh-2' },
    }));
    vi.stubGlobal('fetch', server.fetch);

    const answers = await Promise.all([
      api('/ping', { schema: ZMessageResponse }),
      api('/ping', { schema: ZMessageResponse }),
      api('/ping', { schema: ZMessageResponse }),
    ]);

    expect(answers).toEqual([{ message: 'pong' }, { message: 'pong' }, { message: 'pong' }]);
    const refreshes = server.calls.filter((call) => call.path === '/api/refresh');
    // Refresh tokens work once: a second exchange would revoke the whole session.
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.headers.authorization).toBe('Bearer refresh-1');
    expect(sessionStore.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(JSON.parse(localStorage.getItem('sales-assist.session') ?? '{}')).toMatchObject({
      accessToken: 'access-2',
    });
    expect(server.calls.filter((call) => call.path === '/api/ping')).toHaveLength(6);
  });

  it('ends the session with one toast when the refresh is refused', async () => {
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
    sessionStore.set(SESSION);
    localStorage.setItem('sales-assist.other', 'kept until logout');
    const server = pingNeedingRefresh(() => ({
      status: 401,
      body: { error: 'token_revoked', message: 'revoked' },
    }));
    vi.stubGlobal('fetch', server.fetch);

    const failures = await Promise.allSettled([
      api('/ping', { schema: ZMessageResponse }),
      api('/ping', { schema: ZMessageResponse }),
    ]);

    for (const failure of failures) {
      expect(failure.status).toBe('rejected');
      expect((failure as PromiseRejectedResult).reason).toMatchObject({ code: 'token_expired', status: 401 });
    }
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(await screen.findAllByText('Your session has ended. Please sign in again.')).toHaveLength(1);
  });

  it('does not bring back a session that was signed out while the refresh was on its way', async () => {
    sessionStore.set(SESSION);
    const server = pingNeedingRefresh(() => {
      sessionStore.set(null);
      return { body: { access_token: 'access-2', refresh_token: 'refresh-2' } };
    });
    vi.stubGlobal('fetch', server.fetch);
    await expect(api('/ping', { schema: ZMessageResponse })).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.get()).toBeNull();
  });

  it('raises the premium pop-up on 402 and throws the server message', async () => {
    sessionStore.set(SESSION);
    premiumPopup.close();
    vi.stubGlobal(
      'fetch',
      stubApi({
        'POST /api/buy': {
          status: 402,
          body: { error: 'insufficient_credits', message: 'Not enough credits' },
        },
      }).fetch,
    );
    await expect(
      api('/buy', { method: 'POST', schema: ZMessageResponse, toastErrors: false }),
    ).rejects.toMatchObject({
      status: 402,
      code: 'insufficient_credits',
      message: 'Not enough credits',
    });
    expect(premiumPopup.isOpen()).toBe(true);
    premiumPopup.close();
  });

  it('marks the session inactive on 403 inactive, and names a network failure', async () => {
    sessionStore.set(SESSION);
    vi.stubGlobal(
      'fetch',
      stubApi({ 'GET /api/lists': { status: 403, body: { error: 'inactive', message: 'Account inactive' } } })
        .fetch,
    );
    await expect(api('/lists', { schema: ZMessageResponse, toastErrors: false })).rejects.toMatchObject({
      code: 'inactive',
    });
    expect(sessionStore.get()?.isActive).toBe(false);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api('/lists', { schema: ZMessageResponse })).rejects.toMatchObject({
      code: 'network_error',
    });
  });

  it('refuses an answer that does not match the contract', async () => {
    sessionStore.set(SESSION);
    vi.stubGlobal('fetch', stubApi({ 'GET /api/ping': { body: { nope: true } } }).fetch);
    await expect(api('/ping', { schema: ZMessageResponse })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
