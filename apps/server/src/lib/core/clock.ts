/** Time comes from here so tests can move it. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export const fixedClock = (
  start: Date,
): Clock & { advance: (ms: number) => void; set: (d: Date) => void } => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
};
