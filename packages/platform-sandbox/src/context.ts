/**
 * What every platform's stand-in shares: the sandbox's clock, id maker, the URL browsers reach it at
 * (OAuth pages redirect there, pictures are served from there) and the faults tests inject.
 */
export type PlatformSandboxContext = {
  now: () => Date;
  /** The sandbox's own URL as browsers see it, without a trailing slash. */
  publicUrl: () => string;
  /** A new id, unique in this sandbox, with a platform-looking prefix. */
  nextId: (prefix: string) => string;
};

export const createIds = (): ((prefix: string) => string) => {
  let next = 1_000;
  return (prefix) => `${prefix}${++next}`;
};
