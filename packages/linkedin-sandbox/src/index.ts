import type { AddressInfo } from 'node:net';
import { createIds, type SandboxContext } from './context';
import { createControl, type SandboxControl } from './control';
import { generateNetwork } from './network';
import { buildSandboxServer } from './server';

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
};

export type LinkedInSandbox = { url: string; control: SandboxControl; close(): Promise<void> };

/** Starts the stand-in LinkedIn: Voyager API, page loads that set JSESSIONID, and the control API. */
export const startLinkedInSandbox = async (
  options: LinkedInSandboxOptions = {},
): Promise<LinkedInSandbox> => {
  const host = options.host ?? '127.0.0.1';
  const baseNow = options.now ?? (() => new Date());
  let offsetMs = 0;
  let url = '';
  const daySeconds = options.daySeconds ?? 86_400;
  if (!(daySeconds > 0)) throw new RangeError('daySeconds must be positive');
  const ctx: SandboxContext = {
    network: generateNetwork({
      seed: options.seed ?? 1,
      size: options.networkSize ?? 2000,
      anchor: baseNow(),
    }),
    now: () => new Date(baseNow().getTime() + offsetMs),
    dayMs: daySeconds * 1000,
    ids: createIds(),
    mediaBaseUrl: () => (options.publicUrl ?? url).replace(/\/+$/, ''),
    members: new Map(),
    sessions: new Map(),
    requestLog: new Map(),
    stalls: new Set(),
  };
  const control = createControl(ctx, {
    advance: (ms) => {
      offsetMs += ms;
    },
    reset: () => {
      offsetMs = 0;
    },
  });
  const app = buildSandboxServer(ctx, control);
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    control,
    close: async () => {
      for (const cancel of ctx.stalls) cancel();
      await app.close();
    },
  };
};
