import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';

let shared: Faker | null = null;

/**
 * faker seeded with `seed`, loaded the first time a person is made (the network drawn, a member signed
 * in, someone made up from a profile address), not when the sandbox's modules load: a server that never
 * calls the sandbox never pays for it.
 *
 * One instance of faker's English locale (`@faker-js/faker/locale/en`, ~0.03 s to load, where the
 * package's main entry loads every locale, ~0.2 s), seeded again at each use: it draws exactly what a new
 * `Faker({ locale: [en, base] })` with the same seed would, so kept worlds and generated networks stay the
 * same people. Sharing it is safe because every caller seeds it and draws all it needs synchronously,
 * before any other caller can run. Loaded with `require` (Node ≥ 22.12 requires ES modules without
 * top-level await), so the callers stay synchronous.
 */
export const seededFaker = (seed: number): Faker => {
  shared ??= (
    createRequire(import.meta.url)('@faker-js/faker/locale/en') as typeof import('@faker-js/faker/locale/en')
  ).faker;
  shared.seed(seed);
  return shared;
};
