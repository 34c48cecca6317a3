import { createRequire } from 'node:module';

/**
 * A package loaded at its first use instead of with the server: `import()` the first time, the same promise
 * every time after. The heavy packages only some calls need (the AI, S3 and Stripe SDKs, faker, linkedom,
 * satori, sharp …) each cost 0.05–0.25 s of CPU to load, and loaded at start they made every start slower
 * whether a call ever needed them or not (docs/decisions/speed-and-memory.md, "Production serving and the
 * compiled server"). Types stay static (`import type`), so nothing loses type checking.
 */
export const loadOnce = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load();
    return loading;
  };
};

const require = createRequire(import.meta.url);

/**
 * The same for a package whose callers are synchronous (reading a page's HTML): `require` at the first
 * call, the module itself every time after. Node requires ES modules too (without top-level await).
 */
export const requireOnce = <T>(specifier: string): (() => T) => {
  let loaded: T | null = null;
  return () => {
    loaded ??= require(specifier) as T;
    return loaded;
  };
};
