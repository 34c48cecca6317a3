/** What a running download has done, as the admin area and the terminal show it. */
export type DownloadProgress = {
  /** `checking`: hashing the part already on disk before resuming; `downloading`; `verifying`: the hash. */
  phase: 'connecting' | 'checking' | 'downloading' | 'verifying';
  /** Bytes of the file on disk (kept from earlier runs included), or hashed so far while checking. */
  bytesDone: number;
  /** The file's whole size once known (the catalogue's, or the server's answer). */
  bytesTotal: number | null;
  /** Network bytes a second over the last few seconds; null until there is a measure. */
  bytesPerSecond: number | null;
  /** At that rate; null while unknown. */
  secondsLeft: number | null;
};

/** The rate is measured over this window: long enough to smooth bursts, short enough to follow a change. */
const WINDOW_MS = 5_000;

/** Measures the network rate from the bytes received, over a sliding window. */
export const createRateMeter = (now: () => number = Date.now) => {
  const samples: { at: number; bytes: number }[] = [];
  let received = 0;
  return {
    add: (bytes: number): void => {
      received += bytes;
      const at = now();
      samples.push({ at, bytes: received });
      while (samples.length > 2 && (samples[0]?.at ?? at) < at - WINDOW_MS) samples.shift();
    },
    /** Bytes a second, or null before two samples a moment apart. */
    rate: (): number | null => {
      const first = samples[0];
      const last = samples.at(-1);
      if (!first || !last || last.at - first.at < 200) return null;
      return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
    },
  };
};

/** Seconds left at a rate, or null when either is unknown. */
export const secondsLeftOf = (done: number, total: number | null, rate: number | null): number | null =>
  total === null || rate === null || rate <= 0 ? null : Math.max(0, Math.ceil((total - done) / rate));
