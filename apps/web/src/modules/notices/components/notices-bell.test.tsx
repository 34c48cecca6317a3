import type { TNotice } from '@sales-assist/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../app/session/session-store';
import { SESSION } from '../../../test/fixtures';
import { renderWithApp, stubApi } from '../../../test/render';
import { NOTICES_POLL_MS } from '../hooks/use-notices';
import { NoticesBell } from './notices-bell';

const notice = (changes: Partial<TNotice> & Pick<TNotice, 'id'>): TNotice => ({
  kind: 'publish_failed',
  title: 'A LinkedIn post was not published',
  body: 'LinkedIn refused it: the same text was posted a moment ago.',
  link: '/schedule?item=12',
  read: false,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...changes,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the notices bell', () => {
  it('counts the unread notices, lists them, and reads one when it is opened', async () => {
    sessionStore.set(SESSION);
    const api = stubApi({
      'GET /api/notices': {
        body: {
          data: [
            notice({ id: 2 }),
            notice({
              id: 1,
              kind: 'reconnect',
              title: 'Reconnect Instagram',
              body: 'Instagram no longer accepts the connection.',
              link: '/integrations',
              read: true,
              created_at: new Date(Date.now() - 26 * 3600_000).toISOString(),
            }),
          ],
          unread: 1,
          next_cursor: null,
        },
      },
      'POST /api/notices/read': { body: { unread: 0 } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderWithApp(<NoticesBell />, { path: '/dashboard' });

    const bell = await screen.findByRole('button', { name: 'Notices (1 unread)' });
    expect(screen.getByTestId('notices-count')).toHaveTextContent('1');
    fireEvent.click(bell);

    const failed = await screen.findByRole('button', { name: 'Unread: A LinkedIn post was not published' });
    expect(within(failed).getByText('5 minutes ago · Open')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reconnect Instagram' })).toHaveAttribute('data-read', 'true');
    expect(screen.getByText('yesterday · Open')).toBeInTheDocument();

    fireEvent.click(failed);
    await waitFor(() => expect(api.calls.find((call) => call.path === '/api/notices/read')).toBeDefined());
    expect(api.calls.find((call) => call.path === '/api/notices/read')?.body).toEqual({ ids: [2] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/schedule'));
    expect(router.state.location.search).toBe('?item=12');
  });

  it('marks every notice read at once', async () => {
    sessionStore.set(SESSION);
    const api = stubApi({
      'GET /api/notices': {
        body: { data: [notice({ id: 3 }), notice({ id: 4 })], unread: 2, next_cursor: null },
      },
      'POST /api/notices/read': { body: { unread: 0 } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<NoticesBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notices (2 unread)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/notices/read')?.body).toEqual({}),
    );
  });

  it('shows older notices on demand', async () => {
    sessionStore.set(SESSION);
    const newest = stubApi({
      'GET /api/notices': { body: { data: [notice({ id: 30 })], unread: 2, next_cursor: 'page-2' } },
    });
    const older = stubApi({
      'GET /api/notices': {
        body: {
          data: [notice({ id: 10, title: 'Reconnect LinkedIn', kind: 'reconnect' })],
          unread: 2,
          next_cursor: null,
        },
      },
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('cursor=page-2') ? older.fetch(input, init) : newest.fetch(input, init),
    );
    renderWithApp(<NoticesBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notices (2 unread)' }));
    expect(await screen.findByTestId('notice-30')).toBeInTheDocument();
    expect(screen.queryByTestId('notice-10')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show older notices' }));
    expect(await screen.findByRole('button', { name: 'Unread: Reconnect LinkedIn' })).toBeInTheDocument();
    expect(screen.getByTestId('notice-30')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show older notices' })).not.toBeInTheDocument(),
    );
  });

  it('stops looking once the server says the account is deactivated', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStore.set(SESSION);
    const api = stubApi({
      'GET /api/notices': {
        status: 403,
        body: {
          error: 'inactive',
          message: 'Your account is not active. Please contact support to activate it.',
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<NoticesBell />);
    const looks = () => api.calls.filter((call) => call.path === '/api/notices').length;
    await waitFor(() => expect(sessionStore.get()?.isActive).toBe(false));
    expect(looks()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * NOTICES_POLL_MS);
    });
    expect(looks()).toBe(1);
  });

  it('says "No notices" when there are none, and looks again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStore.set(SESSION);
    const api = stubApi({ 'GET /api/notices': { body: { data: [], unread: 0, next_cursor: null } } });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<NoticesBell />);
    const bell = await screen.findByRole('button', { name: 'Notices' });
    const looks = () => api.calls.filter((call) => call.path === '/api/notices').length;
    expect(looks()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICES_POLL_MS);
    });
    expect(looks()).toBe(2);

    fireEvent.click(bell);
    expect(await screen.findByText('No notices')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });
});
