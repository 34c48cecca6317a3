/**
 * What every platform's stand-in shares: the sandbox's clock, id maker, the URL browsers reach it at
 * (OAuth pages redirect there, pictures are served from there) and the faults tests inject.
 */
export type PlatformSandboxContext = {
  now: () => Date;
  /** The sandbox's own URL as browsers see it, without a trailing slash. */
  publicUrl: () => string;
  /** A new id, unique in this sandbox, with a platform-looking prefix. */
  nextId: Ids;
  /**
   * Marks the worlds changed by work done outside a request (a webhook delivery attempt in the
   * background), so the world store saves it as it saves what a request changed.
   */
  worldChanged: () => void;
};

/** Makes ids; `last` is kept with a saved world, so ids made after a restart never repeat earlier ones. */
export type Ids = ((prefix: string) => string) & { last: () => number; resume: (last: number) => void };

export const createIds = (): Ids => {
  let next = 1_000;
  return Object.assign((prefix: string) => `${prefix}${++next}`, {
    last: () => next,
    resume: (last: number) => {
      next = Math.max(next, last);
    },
  });
};
