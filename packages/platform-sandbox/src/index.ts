import type { AddressInfo } from 'node:net';
import { createIds, type PlatformSandboxContext } from './context';
import type { FaultControl } from './faults';
import { buildPlatformSandbox, type PlatformStandIns } from './server';

export type { Fault, FaultControl, FaultInput } from './faults';

export type PlatformSandboxOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** The sandbox's clock (default: real time). */
  now?: () => Date;
  /** The URL browsers reach the sandbox at (default: its own URL). */
  publicUrl?: string;
};

export type PlatformSandbox = {
  url: string;
  faults: FaultControl;
  platforms: PlatformStandIns;
  close(): Promise<void>;
};

/**
 * Starts the stand-in of the outside platforms the app publishes to, speaking their HTTP APIs, so the
 * app connects accounts and publishes on a machine with no internet, and tests inject faults.
 */
export const startPlatformSandbox = async (
  options: PlatformSandboxOptions = {},
): Promise<PlatformSandbox> => {
  let url = '';
  const ctx: PlatformSandboxContext = {
    now: options.now ?? (() => new Date()),
    publicUrl: () => (options.publicUrl ?? url).replace(/\/+$/, ''),
    nextId: createIds(),
  };
  const { app, faults, platforms } = buildPlatformSandbox(ctx);
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return { url, faults, platforms, close: () => app.close() };
};
