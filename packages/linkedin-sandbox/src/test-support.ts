/** A bare-bones browser for the sandbox's tests: loads a page for JSESSIONID, then calls Voyager with it. */
export type Answer = { status: number; headers: Headers; body: unknown; text: string };

export type TestBrowser = {
  jsessionId: string;
  call(method: string, path: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<Answer>;
};

const read = async (res: Response): Promise<Answer> => {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
};

export const openBrowser = async (url: string, liAt: string): Promise<TestBrowser> => {
  const home = await fetch(`${url}/feed/`, { headers: { cookie: `li_at=${liAt}` }, redirect: 'manual' });
  await home.text();
  const jsessionId = /JSESSIONID="([^"]+)"/.exec(home.headers.getSetCookie().join('\n'))?.[1] ?? '';
  return {
    jsessionId,
    call: async (method, path, body, extraHeaders = {}) =>
      read(
        await fetch(`${url}${path}`, {
          method,
          redirect: 'manual',
          headers: {
            accept: 'application/vnd.linkedin.normalized+json+2.1',
            cookie: `li_at=${liAt}; JSESSIONID="${jsessionId}"`,
            'csrf-token': jsessionId,
            'x-restli-protocol-version': '2.0.0',
            ...(body === undefined ? {} : { 'content-type': 'application/json; charset=UTF-8' }),
            ...extraHeaders,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
  };
};

export const searchPath = (variables: string): string =>
  `/voyager/api/graphql?variables=${variables}&queryId=voyagerSearchDashClusters.b0928897b71bd00a5a7291755dcd64f0`;

/** A mutable clock for injecting into the sandbox. */
export const testClock = (start = '2025-03-03T09:00:00.000Z') => {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
  };
};

export const DAY_MS = 86_400_000;
