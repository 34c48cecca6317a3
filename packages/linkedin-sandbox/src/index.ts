import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEachCall, sandboxUrl } from '@sales-assist/sandbox-kit';
import { createIds, type SandboxContext } from './context';
import { createControl, type SandboxControl } from './control';
import { generateNetwork } from './network';
import { buildSandboxServer } from './server';
import { restoreWorld, snapshotWorld, worldFile } from './world-store';

export type { AudienceRef } from './audiences';
export type { ChallengeMode, ExpiryMode, RequestLogEntry } from './context';
export type { MemberState, PersonSummary, SandboxControl, ThrottleOptions } from './control';
export { SandboxControlError } from './control';
export { NOTE_NOT_ALLOWED_CODE } from './routes/invitations';

export type LinkedInSandboxOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  /** People in the simulated network (default 2000). */
  networkSize?: number;
  /** The sandbox's clock (default: real time); invitations are accepted and replies arrive by it. */
  now?: () => Date;
  /** How many real seconds a simulated day lasts (default 86400). */
  daySeconds?: number;
  /** The URL browsers reach the sandbox at, for profile pictures (default: its own URL). */
  publicUrl?: string;
  /**
   * Where the world is kept (`world.json`), so members' invitations, reactions, comments, messages,
   * profile views, sessions and clock moves survive a restart; unset: in memory only.
   */
  dataDir?: string;
  /**
   * true: the sandbox listens at once and builds its world (the network drawn from the seed, the kept
   * world read back, its routes) at the first request, which waits for it (~0.5 s), instead of before
   * `startLinkedInSandbox` resolves. The app's server starts so, as nothing calls the sandbox until a
   * person uses LinkedIn; in-process `control` calls need `await sandbox.ready()` first.
   */
  worldAtFirstRequest?: boolean;
};

export type LinkedInSandbox = {
  url: string;
  control: SandboxControl;
  /** Resolves once the world is built (at once unless `worldAtFirstRequest`). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/** Starts the stand-in LinkedIn: Voyager API, page loads that set JSESSIONID, and the control API. */
export const startLinkedInSandbox = async (
  options: LinkedInSandboxOptions = {},
): Promise<LinkedInSandbox> => {
  const host = options.host ?? '127.0.0.1';
  const baseNow = options.now ?? (() => new Date());
  let url = '';
  const daySeconds = options.daySeconds ?? 86_400;
  if (!(daySeconds > 0)) throw new RangeError('daySeconds must be positive');
  const seed = options.seed ?? 1;
  const networkSize = options.networkSize ?? 2000;
  const store = options.dataDir ? worldFile(options.dataDir) : null;
  type World = { ctx: SandboxContext; control: SandboxControl; app: ReturnType<typeof buildSandboxServer> };
  const buildWorld = (): World => {
    const saved = store?.read(seed, networkSize) ?? null;
    const ctx: SandboxContext = {
      // A kept world keeps its posts too: they stay dated from the day the world began.
      network: generateNetwork({
        seed,
        size: networkSize,
        anchor: saved ? new Date(saved.anchorMs) : baseNow(),
      }),
      now: () => new Date(baseNow().getTime() + ctx.clockOffsetMs),
      clockOffsetMs: 0,
      dayMs: daySeconds * 1000,
      ids: createIds(),
      mediaBaseUrl: () => (options.publicUrl ?? url).replace(/\/+$/, ''),
      members: new Map(),
      sessions: new Map(),
      requestLog: new Map(),
      stalls: new Set(),
      persist: () => store?.write(snapshotWorld(ctx, networkSize)),
    };
    if (saved) {
      restoreWorld(ctx, saved);
      // A world written by an older version (cookies in plain text) is written again in the current shape now.
      ctx.persist();
    }
    // Every control call that changes the world saves it, whether it came over HTTP or in process.
    const control = afterEachCall(
      createControl(ctx, {
        advance: (ms) => {
          ctx.clockOffsetMs += ms;
        },
        reset: () => {
          ctx.clockOffsetMs = 0;
        },
      }),
      ctx.persist,
    );
    return { ctx, control, app: buildSandboxServer(ctx, control) };
  };
  const urlOf = (address: AddressInfo) => sandboxUrl(host, address.port);
  const closeWorld = async ({ ctx, app }: World) => {
    for (const cancel of ctx.stalls) cancel();
    await app.close();
  };

  if (!options.worldAtFirstRequest) {
    const world = buildWorld();
    await world.app.listen({ port: options.port ?? 0, host });
    url = urlOf(world.app.server.address() as AddressInfo);
    return { url, control: world.control, ready: async () => {}, close: () => closeWorld(world) };
  }

  // A plain HTTP server listens now and hands each request to the world's routes once they are built.
  let world: World | null = null;
  let opening: Promise<World> | null = null;
  const open = (): Promise<World> => {
    opening ??= (async () => {
      world = buildWorld();
      await world.app.ready();
      return world;
    })();
    return opening;
  };
  const server: Server = createServer((req, res) => {
    open().then(
      (built) => built.app.routing(req, res),
      (error: unknown) => {
        res.statusCode = 500;
        res.setHeader('content-type', 'application/json');
        const message = `The sandbox world could not be built (${error instanceof Error ? error.message : String(error)})`;
        res.end(JSON.stringify({ error: 'sandbox_error', message }));
      },
    );
  });
  // Fastify's own default, as when the routes' server listens itself (clients keep connections open).
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  url = urlOf(server.address() as AddressInfo);
  return {
    url,
    get control(): SandboxControl {
      if (!world) throw new Error('The sandbox builds its world at the first request: await ready() first');
      return world.control;
    },
    ready: async () => {
      await open();
    },
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // A world that failed to build has nothing to close.
      if (opening) await opening.then(closeWorld, () => undefined);
      await closed;
    },
  };
};
