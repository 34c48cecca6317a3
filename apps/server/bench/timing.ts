import { performance } from 'node:perf_hooks';

/** The value at share `p` of an ascending list (p50: 0.5), the nearest rank at or below it. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * Times `run` `rounds` times after `warm` unmeasured runs and prints its p50 and p95 on one line (the label
 * padded to `width`, the figures to `digits` decimals): the benches' one way of timing a call.
 */
export const measureCalls = async (
  label: string,
  run: () => Promise<unknown>,
  options: { rounds: number; warm?: number; width?: number; digits?: number },
): Promise<{ label: string; p50: number; p95: number }> => {
  for (let i = 0; i < (options.warm ?? 10); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const result = { label, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  const digits = options.digits ?? 2;
  console.log(
    `${label.padEnd(options.width ?? 52)} p50 ${result.p50.toFixed(digits)} ms   p95 ${result.p95.toFixed(digits)} ms`,
  );
  return result;
};
