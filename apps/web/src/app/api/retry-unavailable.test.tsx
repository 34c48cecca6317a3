import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ZMessageResponse } from '@sales-assist/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION } from '../../test/fixtures';
import { sessionStore } from '../session/session-store';
import { api } from './api-client';

const UNAVAILABLE = {
  error: 'database_unavailable',
  message: 'The service is briefly unavailable while its database reconnects; try again in a few seconds.',
};

/** A server that answers 503 with Retry-After: 5 to the first `unavailableFor` calls, then 200. */
const reconnectingServer = (unavailableFor: number) => {
  const calls: string[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
    if (calls.length <= unavailableFor)
      return new Response(JSON.stringify(UNAVAILABLE), {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '5' },
      });
    return new Response(JSON.stringify({ message: 'pong' }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { calls, fetch: fetchStub };
};

const showToasts = () =>
  render(
    <MantineProvider env="test">
      <Notifications />
    </MantineProvider>,
  );

/** Lets the client's waits run: the server asked for 5 s each. */
const serverDelaysPass = async (times: number) => {
  for (let i = 0; i < times; i++) await vi.advanceTimersByTimeAsync(5_000);
};

describe('api while the database reconnects (503 with Retry-After)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks a read again after the server’s delay and shows nothing when it then answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    showToasts();
    sessionStore.set(SESSION);
    const server = reconnectingServer(2);
    vi.stubGlobal('fetch', server.fetch);

    const answer = api('/ping', { schema: ZMessageResponse });
    await serverDelaysPass(2);

    await expect(answer).resolves.toEqual({ message: 'pong' });
    expect(server.calls).toEqual(['GET /api/ping', 'GET /api/ping', 'GET /api/ping']);
    expect(screen.queryByText(UNAVAILABLE.message)).toBeNull();
  });

  it('gives up after 3 tries and then shows the server’s sentence', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    showToasts();
    sessionStore.set(SESSION);
    const server = reconnectingServer(10);
    vi.stubGlobal('fetch', server.fetch);

    const answer = api('/ping', { schema: ZMessageResponse });
    const settled = answer.catch((error: unknown) => error);
    await serverDelaysPass(3);

    expect(await settled).toMatchObject({ status: 503, code: 'database_unavailable' });
    expect(server.calls).toHaveLength(3);
    vi.useRealTimers();
    expect(await screen.findByText(UNAVAILABLE.message)).toBeTruthy();
  });

  it('never sends a write again by itself', async () => {
    sessionStore.set(SESSION);
    const server = reconnectingServer(1);
    vi.stubGlobal('fetch', server.fetch);

    await expect(
      api('/ping', { method: 'POST', body: {}, schema: ZMessageResponse, toastErrors: false }),
    ).rejects.toMatchObject({ status: 503, code: 'database_unavailable', message: UNAVAILABLE.message });
    expect(server.calls).toEqual(['POST /api/ping']);
  });
});
