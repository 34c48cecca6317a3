import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';

/** A fresh query cache per test, no retries: a failure shows at once. */
export const testQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * The app's providers around `ui`, at `path` of an in-memory router (other paths render their name);
 * `search` is the query the page opens with ("?post=2"); `route` is the pattern `ui` answers when it
 * reads parameters from the path ("/checkout/:id" for the path "/checkout/cs_1").
 */
export const renderWithApp = (
  ui: ReactNode,
  options: { path?: string; route?: string; search?: string; client?: QueryClient } = {},
) => {
  const client = options.client ?? testQueryClient();
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [
      { path: options.route ?? path, element: ui },
      { path: '*', element: <p>Route: other</p> },
    ],
    { initialEntries: [`${path}${options.search ?? ''}`] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, client, router };
};

type TRoute =
  | { status?: number; body: unknown }
  | ((init: RequestInit | undefined) => { status?: number; body: unknown });

/**
 * Stands in for the server at the network boundary: answers `METHOD /path` from a table and
 * records every request, so a test can assert what the app sent.
 */
export const stubApi = (routes: Record<string, TRoute>) => {
  const calls: { method: string; path: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({
      method,
      path: url.pathname,
      headers,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const route = routes[`${method} ${url.pathname}`];
    if (!route)
      return new Response(JSON.stringify({ error: 'not_found', message: 'No such call' }), { status: 404 });
    const { status = 200, body } = typeof route === 'function' ? route(init) : route;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetch: fetchStub };
};
