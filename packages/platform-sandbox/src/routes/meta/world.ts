import { createHmac, randomBytes } from 'node:crypto';
import type { PlatformSandboxContext } from '../../context';

/**
 * The simulated Meta world behind the Graph API stand-in: people, the Facebook pages they manage, the
 * Instagram business accounts linked to those pages, the tokens Meta has given out, and what was posted.
 * Tests read and change it through MetaControl; the Graph routes (graph.ts) answer from it.
 */

/** Picture paths are under the sandbox's own URL, which is known only once it listens. */
export type MetaUser = { id: string; name: string; picturePath: string; appAuthorized: boolean };
export type MetaPage = {
  id: string;
  name: string;
  ownerId: string;
  /** What the person may do on the page; publishing needs CREATE_CONTENT. */
  tasks: string[];
  instagramId: string | null;
  /**
   * The person declined the insights permissions (read_insights, instagram_manage_insights) at login: the
   * page's and its Instagram account's insights answer a permission error.
   */
  insightsDenied?: boolean;
};
export type InstagramAccount = { id: string; username: string; picturePath: string; pageId: string };

/** Why a token stopped working, as Graph's error 190 subcodes say it. */
export type TokenDeath = 'expired' | 'password_changed' | 'app_removed';
export const SUBCODE_OF: Record<TokenDeath, number> = {
  expired: 463,
  password_changed: 460,
  app_removed: 458,
};

export type MetaToken = {
  value: string;
  kind: 'user' | 'page';
  userId: string;
  pageId: string | null;
  /** null: does not expire (page tokens minted from a long-lived user token). */
  expiresAt: Date | null;
  dead: TokenDeath | null;
};

export type FacebookPost = {
  /** "{page-id}_{post-id}", as Graph names page posts. */
  id: string;
  pageId: string;
  message: string;
  link: string | null;
  /** Photos only: the photo object's own id and where its picture came from. */
  photoId: string | null;
  pictureUrl: string | null;
  published: boolean;
  createdTime: Date;
};

export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';
export type InstagramContainer = {
  id: string;
  igUserId: string;
  imageUrl: string;
  caption: string;
  createdAt: Date;
  /** When processing ends; null: it never does (stays IN_PROGRESS). */
  readyAt: Date | null;
  /** What processing ends in. */
  outcome: 'FINISHED' | 'ERROR';
  published: boolean;
};
export type InstagramMedia = {
  id: string;
  igUserId: string;
  caption: string;
  mediaUrl: string;
  permalink: string;
  timestamp: Date;
};

export type UsagePercentages = { call_count: number; total_time: number; total_cputime: number };

export type MetaControl = {
  /** The app the stand-in plays Meta for; with a secret, calls must carry a matching appsecret_proof. */
  configureApp(app: { appId?: string | null; appSecret?: string | null }): void;
  app(): { appId: string | null; appSecret: string | null };
  addUser(user?: { name?: string }): MetaUser;
  addPage(ownerId: string, page?: { name?: string; tasks?: string[] }): MetaPage;
  linkInstagram(pageId: string, account?: { username?: string }): InstagramAccount;
  /** What the Facebook login (the SDK's consent page) gives: a short-lived user token (1 h by default). */
  issueUserToken(userId: string, options?: { expiresInSeconds?: number }): MetaToken;
  /** Ends a token (or every token of a person) the way Meta does: expiry, a password change, the app removed. */
  killToken(value: string, death: TokenDeath): void;
  killTokensOf(userId: string, death: TokenDeath): void;
  token(value: string): MetaToken | undefined;
  users(): MetaUser[];
  pages(ownerId?: string): MetaPage[];
  instagramAccounts(): InstagramAccount[];
  posts(pageId?: string): FacebookPost[];
  media(igUserId?: string): InstagramMedia[];
  containers(igUserId?: string): InstagramContainer[];
  /** Raises (or lowers) the usage Meta reports in X-App-Usage / X-Business-Use-Case-Usage; 100: calls refused. */
  setUsage(usage: { app?: Partial<UsagePercentages>; page?: Partial<UsagePercentages> }): void;
  usage(): { app: UsagePercentages; page: UsagePercentages };
  /** How long an Instagram container takes to process; null: forever. `outcome` ERROR: processing fails. */
  setContainerProcessing(processing: { ms?: number | null; outcome?: 'FINISHED' | 'ERROR' }): void;
  /** The rolling 24-hour publishing limit of Instagram accounts (100 by default). */
  setPublishingQuota(total: number): void;
  publishingQuota(): number;
  /** The person the consent page offers first (the seeded one unless changed). */
  defaultUser(): MetaUser;
  /** Grants or withdraws the insights permissions for a page (and its Instagram account). */
  setInsightsGranted(pageId: string, granted: boolean): void;
  /** Deletes a page post or an Instagram media, as its owner would in the app. */
  deletePost(id: string): boolean;
  reset(): void;
};

/** Everything the world holds, as kept on disk (dates are encoded by the world store). */
export type SavedMeta = {
  app: { appId: string | null; appSecret: string | null };
  users: MetaUser[];
  pages: MetaPage[];
  accounts: InstagramAccount[];
  seededId: string | null;
  usage: { app: UsagePercentages; page: UsagePercentages };
  quota: number;
  tokens: MetaToken[];
  containerSettings: { ms: number | null; outcome: 'FINISHED' | 'ERROR' };
  posts: FacebookPost[];
  media: InstagramMedia[];
  containers: InstagramContainer[];
};

export type MetaWorld = MetaControl & {
  readonly ctx: PlatformSandboxContext;
  saved(): SavedMeta;
  restore(saved: SavedMeta): void;
  userTokens: Map<string, MetaToken>;
  containerSettings: { ms: number | null; outcome: 'FINISHED' | 'ERROR' };
  allPosts: FacebookPost[];
  allMedia: InstagramMedia[];
  allContainers: InstagramContainer[];
  newToken(kind: 'user' | 'page', userId: string, pageId: string | null, expiresAt: Date | null): MetaToken;
  page(id: string): MetaPage | undefined;
  instagram(id: string): InstagramAccount | undefined;
  user(id: string): MetaUser | undefined;
  /** Counts one Graph call in the app's hour (the computed share of X-App-Usage). */
  countCall(): void;
  expectedProof(token: string): string | null;
};

const ZERO: UsagePercentages = { call_count: 0, total_time: 0, total_cputime: 0 };
/** Graph's app limit is 200 calls per user per hour; the stand-in counts against that for one user. */
const CALLS_PER_HOUR = 200;

const numericId = (ctx: PlatformSandboxContext, prefix: string): string =>
  // Graph ids are long digit strings; the prefix keeps the kinds apart to a reader of the logs.
  ctx.nextId(prefix);

export const createMetaWorld = (ctx: PlatformSandboxContext): MetaWorld => {
  let users: MetaUser[] = [];
  let pages: MetaPage[] = [];
  let accounts: InstagramAccount[] = [];
  let app: { appId: string | null; appSecret: string | null } = { appId: null, appSecret: null };
  let usageSet = { app: { ...ZERO }, page: { ...ZERO } };
  let calls: number[] = [];
  let quota = 100;
  let seeded: MetaUser | null = null;

  const world: MetaWorld = {
    ctx,
    userTokens: new Map(),
    containerSettings: { ms: 1_500, outcome: 'FINISHED' },
    allPosts: [],
    allMedia: [],
    allContainers: [],

    saved: () => ({
      app,
      users,
      pages,
      accounts,
      seededId: seeded?.id ?? null,
      usage: usageSet,
      quota,
      tokens: [...world.userTokens.values()],
      containerSettings: world.containerSettings,
      posts: world.allPosts,
      media: world.allMedia,
      containers: world.allContainers,
    }),
    restore: (saved) => {
      ({ app, users, pages, accounts, quota } = saved);
      usageSet = saved.usage;
      // The calls counted in the last hour are not kept: a restart starts the hour's count afresh.
      calls = [];
      seeded = users.find((user) => user.id === saved.seededId) ?? null;
      world.userTokens = new Map(saved.tokens.map((token) => [token.value, token]));
      world.containerSettings = saved.containerSettings;
      world.allPosts = saved.posts;
      world.allMedia = saved.media;
      world.allContainers = saved.containers;
    },
    configureApp: (next) => {
      app = {
        appId: next.appId === undefined ? app.appId : next.appId,
        appSecret: next.appSecret === undefined ? app.appSecret : next.appSecret,
      };
    },
    app: () => ({ ...app }),
    addUser: (user = {}) => {
      const id = numericId(ctx, '1000');
      const created: MetaUser = {
        id,
        name: user.name ?? `Sandbox Person ${id}`,
        picturePath: `/graph/pictures/${id}.png`,
        appAuthorized: true,
      };
      users.push(created);
      return created;
    },
    addPage: (ownerId, page = {}) => {
      const id = numericId(ctx, '2000');
      const created: MetaPage = {
        id,
        name: page.name ?? `Sandbox Page ${id}`,
        ownerId,
        tasks: page.tasks ?? ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
        instagramId: null,
      };
      pages.push(created);
      return created;
    },
    linkInstagram: (pageId, account = {}) => {
      const page = world.page(pageId);
      if (!page) throw new Error(`No page ${pageId}`);
      const id = numericId(ctx, '1784');
      const created: InstagramAccount = {
        id,
        username: account.username ?? `sandbox_ig_${id}`,
        picturePath: `/graph/pictures/${id}.png`,
        pageId,
      };
      accounts.push(created);
      page.instagramId = id;
      return created;
    },
    issueUserToken: (userId, options = {}) => {
      const user = world.user(userId);
      if (!user) throw new Error(`No person ${userId}`);
      user.appAuthorized = true;
      const seconds = options.expiresInSeconds ?? 3_600;
      return world.newToken('user', userId, null, new Date(ctx.now().getTime() + seconds * 1000));
    },
    killToken: (value, death) => {
      const token = world.userTokens.get(value);
      if (token && !token.dead) token.dead = death;
    },
    killTokensOf: (userId, death) => {
      // A token dies once: the first reason stays the one Graph gives.
      for (const token of world.userTokens.values()) {
        if (token.userId === userId && !token.dead) token.dead = death;
      }
      const user = world.user(userId);
      if (user && death === 'app_removed') user.appAuthorized = false;
    },
    token: (value) => world.userTokens.get(value),
    users: () => [...users],
    pages: (ownerId) => pages.filter((page) => !ownerId || page.ownerId === ownerId),
    instagramAccounts: () => [...accounts],
    posts: (pageId) => world.allPosts.filter((post) => !pageId || post.pageId === pageId),
    media: (igUserId) => world.allMedia.filter((media) => !igUserId || media.igUserId === igUserId),
    containers: (igUserId) =>
      world.allContainers.filter((container) => !igUserId || container.igUserId === igUserId),
    setUsage: (next) => {
      usageSet = {
        app: { ...usageSet.app, ...next.app },
        page: { ...usageSet.page, ...next.page },
      };
    },
    usage: () => {
      const hourAgo = ctx.now().getTime() - 3_600_000;
      calls = calls.filter((at) => at > hourAgo);
      const counted = Math.min(100, Math.round((calls.length / CALLS_PER_HOUR) * 100));
      return {
        app: { ...usageSet.app, call_count: Math.max(usageSet.app.call_count, counted) },
        page: { ...usageSet.page },
      };
    },
    setContainerProcessing: (processing) => {
      if (processing.ms !== undefined) world.containerSettings.ms = processing.ms;
      if (processing.outcome) world.containerSettings.outcome = processing.outcome;
    },
    setPublishingQuota: (total) => {
      quota = total;
    },
    publishingQuota: () => quota,
    defaultUser: () => {
      if (!seeded) throw new Error('The Meta world has no people');
      return seeded;
    },
    setInsightsGranted: (pageId, granted) => {
      const page = world.page(pageId);
      if (!page) throw new Error(`No page ${pageId}`);
      page.insightsDenied = !granted;
    },
    deletePost: (id) => {
      const posts = world.allPosts.length;
      const media = world.allMedia.length;
      world.allPosts = world.allPosts.filter((post) => post.id !== id && post.photoId !== id);
      world.allMedia = world.allMedia.filter((item) => item.id !== id);
      return world.allPosts.length < posts || world.allMedia.length < media;
    },
    reset: () => {
      users = [];
      pages = [];
      accounts = [];
      app = { appId: null, appSecret: null };
      usageSet = { app: { ...ZERO }, page: { ...ZERO } };
      calls = [];
      quota = 100;
      world.userTokens.clear();
      world.containerSettings = { ms: 1_500, outcome: 'FINISHED' };
      world.allPosts = [];
      world.allMedia = [];
      world.allContainers = [];
      seed();
    },

    newToken: (kind, userId, pageId, expiresAt) => {
      const token: MetaToken = {
        value: `EAAsandbox${randomBytes(24).toString('base64url')}`,
        kind,
        userId,
        pageId,
        expiresAt,
        dead: null,
      };
      world.userTokens.set(token.value, token);
      return token;
    },
    page: (id) => pages.find((page) => page.id === id),
    instagram: (id) => accounts.find((account) => account.id === id),
    user: (id) => users.find((user) => user.id === id),
    countCall: () => {
      calls.push(ctx.now().getTime());
    },
    expectedProof: (token) =>
      app.appSecret ? createHmac('sha256', app.appSecret).update(token).digest('hex') : null,
  };

  // A new install can connect Facebook and Instagram at once: one person with a page and a linked
  // Instagram business account, offered on the consent page.
  const seed = () => {
    seeded = world.addUser({ name: 'Sandbox Marketer' });
    const page = world.addPage(seeded.id, { name: 'Sandbox Coffee Roasters' });
    world.linkInstagram(page.id, { username: 'sandbox.coffee' });
  };
  seed();
  return world;
};
