import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEachCall, debounced, sandboxUrl } from '@sales-assist/sandbox-kit';
import { createIds, type PlatformSandboxContext } from './context';
import type { FaultControl } from './faults';
import { buildPlatformSandbox, type PlatformStandIns, type PlatformWorlds } from './server';
import { worldFile } from './world-store';

export type { Fault, FaultControl, FaultInput } from './faults';
export type { StripeControl, StripeEvent, WebhookDelivery } from './routes/stripe/stripe';
export type { SandboxApps } from './server';

export type PlatformSandboxOptions = {
  /**
   * 0 picks a free port. Unset: the port of the previous start kept in `dataDir` when it is free (a
   * connected WordPress site's address holds it), else a free one.
   */
  port?: number;
  host?: string;
  /** The sandbox's clock (default: real time). */
  now?: () => Date;
  /** The URL browsers reach the sandbox at (default: its own URL). */
  publicUrl?: string;
  /**
   * Where the worlds are kept (`world.json`), so the tokens given out, the accounts and what was posted
   * survive a restart; unset: in memory only.
   */
  dataDir?: string;
  /** How long the worlds may go unsaved after a change (default 250 ms); close() saves at once. */
  saveDelayMs?: number;
};

export type PlatformSandbox = {
  url: string;
  faults: FaultControl;
  platforms: PlatformStandIns;
  close(): Promise<void>;
};

/** Whether the server answering at `url` is a platform sandbox keeping the worlds named `worldId`. */
const keepsWorld = async (url: string, worldId: string): Promise<boolean> => {
  try {
    const answer = await fetch(`${url}/__sandbox/world`, { signal: AbortSignal.timeout(2_000) });
    return answer.ok && ((await answer.json()) as { id?: unknown }).id === worldId;
  } catch {
    return false;
  }
};

/**
 * Listens on `port`; when the kept port is taken, on a free one, unless the taker is another process's
 * sandbox keeping these very worlds (two processes on one DATA_DIR): two writers of one world file would
 * each lose the other's tokens, so that start is refused with what to do instead.
 */
const listen = async (
  app: ReturnType<typeof buildPlatformSandbox>['app'],
  host: string,
  port: number,
  kept: { worldId: string; dir: string } | null,
): Promise<number> => {
  try {
    await app.listen({ port, host });
  } catch (error) {
    if (!kept || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const taker = sandboxUrl(host, port);
    if (await keepsWorld(taker, kept.worldId))
      throw new Error(
        `The platform sandbox kept in ${kept.dir} already runs in another process, at ${taker}: processes sharing a data directory share one sandbox started on its own (PLATFORM_SANDBOX_URL)`,
      );
    await app.listen({ port: 0, host });
  }
  return (app.server.address() as AddressInfo).port;
};

/**
 * Starts the stand-in of the outside platforms the app publishes to, speaking their HTTP APIs, so the
 * app connects accounts and publishes on a machine with no internet, and tests inject faults.
 */
export const startPlatformSandbox = async (
  options: PlatformSandboxOptions = {},
): Promise<PlatformSandbox> => {
  let url = '';
  const host = options.host ?? '127.0.0.1';
  const ctx: PlatformSandboxContext = {
    now: options.now ?? (() => new Date()),
    publicUrl: () => (options.publicUrl ?? url).replace(/\/+$/, ''),
    nextId: createIds(),
    // Replaced by the world store's saver once it exists (below).
    worldChanged: () => {},
  };
  const { app, faults, worlds } = buildPlatformSandbox(ctx);
  const store = options.dataDir ? worldFile(options.dataDir) : null;
  const saved = store?.read() ?? null;
  if (saved) {
    ctx.nextId.resume(saved.lastId);
    worlds.linkedin.restore(saved.linkedin);
    worlds.meta.restore(saved.meta);
    worlds.wordpress.restore(saved.wordpress);
    worlds.stripe.restore(saved.stripe);
  }
  // Any call may change a world (a code redeemed, a token minted, a post made): the write is debounced,
  // so a burst of calls costs one. (The hook goes in before listening; `changed` exists only after.)
  if (store) app.addHook('onResponse', async () => changed());
  const worldId = saved?.worldId ?? randomUUID();
  app.get('/__sandbox/world', async () => ({ id: worldId }));
  const port = await listen(
    app,
    host,
    options.port ?? saved?.port ?? 0,
    options.port === undefined && options.dataDir && saved ? { worldId, dir: options.dataDir } : null,
  );
  url = sandboxUrl(host, port);

  const save = () =>
    store?.write({
      worldId,
      lastId: ctx.nextId.last(),
      port,
      linkedin: worlds.linkedin.saved(),
      meta: worlds.meta.saved(),
      wordpress: worlds.wordpress.saved(),
      stripe: worlds.stripe.saved(),
    });
  // Told once per run of failed saves (a full disk), not at every try.
  let failing = false;
  const saving = debounced(
    () => {
      save();
      if (failing) process.stderr.write('platform sandbox: its worlds are saved again\n');
      failing = false;
    },
    options.saveDelayMs ?? 250,
    {
      onError: (error) => {
        if (!failing)
          process.stderr.write(
            `platform sandbox: could not save its worlds to ${store?.path} (${(error as Error).message}); trying again\n`,
          );
        failing = true;
      },
    },
  );
  const changed = store ? saving.changed : () => {};
  ctx.worldChanged = changed;
  // The port is kept from the first start on, before any change.
  if (store && saved?.port !== port) save();
  const platforms: PlatformStandIns = {
    meta: afterEachCall(worlds.meta, changed),
    linkedin: afterEachCall(worlds.linkedin, changed),
    wordpress: afterEachCall(worlds.wordpress, changed),
    stripe: afterEachCall(worlds.stripe, changed),
  };
  return {
    url,
    faults,
    platforms,
    close: async () => {
      await app.close();
      saving.close();
    },
  };
};

/**
 * Gives the Meta stand-in an app of its own the first time (a fresh id and secret, so every Graph call is
 * signed with appsecret_proof as against Meta); a kept world keeps its app, so tokens stay valid.
 */
export const giveMetaAnApp = (sandbox: Pick<PlatformSandbox, 'platforms'>): void => {
  const meta = sandbox.platforms.meta;
  if (meta.app().appId) return;
  meta.configureApp({
    appId: String(100_000_000_000 + randomBytes(4).readUInt32BE(0)),
    appSecret: randomBytes(16).toString('hex'),
  });
};

export type { PlatformWorlds };
