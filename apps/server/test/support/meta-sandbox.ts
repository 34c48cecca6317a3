import { type PlatformSandbox, startPlatformSandbox } from '@sales-assist/platform-sandbox';
import { createMetaClient, type FacebookPage, type MetaClient } from '../../src/lib/clients/publishing/meta';
import { DEFAULT_GRAPH_VERSION } from '../../src/lib/clients/publishing/meta/graph-version';

export const GRAPH_VERSION = DEFAULT_GRAPH_VERSION;
export const APP_ID = 'sandbox-app-1';
export const APP_SECRET = 'sandbox-app-secret-for-tests';

export type MetaFixture = {
  sandbox: PlatformSandbox;
  client: MetaClient;
  /** A client with other options against the same sandbox. */
  clientWith(options: Partial<Parameters<typeof createMetaClient>[0]>): MetaClient;
  graphPath(path: string): string;
  /** What the Integrations page will do: a login token exchanged, then the pages listed. */
  connect(): Promise<{ userId: string; userToken: string; page: FacebookPage }>;
};

/** A platform sandbox playing Meta for an app with a secret (so appsecret_proof is checked), and a client of it. */
export const startMetaFixture = async (): Promise<MetaFixture> => {
  const sandbox = await startPlatformSandbox();
  sandbox.platforms.meta.configureApp({ appId: APP_ID, appSecret: APP_SECRET });
  const base = {
    graphBaseUrl: `${sandbox.url}/graph`,
    graphVersion: GRAPH_VERSION,
    appId: APP_ID,
    appSecret: APP_SECRET,
    timeoutMs: 1_500,
    containerPolling: { firstDelayMs: 50, maxDelayMs: 200, limitMs: 3_000 },
  };
  const clientWith = (options: Partial<Parameters<typeof createMetaClient>[0]>) =>
    createMetaClient({ ...base, ...options });
  const client = clientWith({});
  return {
    sandbox,
    client,
    clientWith,
    graphPath: (path) => `/graph/${GRAPH_VERSION}${path}`,
    connect: async () => {
      const meta = sandbox.platforms.meta;
      const person = meta.defaultUser();
      const login = meta.issueUserToken(person.id);
      const long = await client.exchangeForLongLivedToken(login.value);
      const pages = await client.listPages(long.accessToken);
      const page = pages[0];
      if (!page) throw new Error('The sandbox person has no page');
      return { userId: person.id, userToken: long.accessToken, page };
    },
  };
};
