/** Small deterministic helpers: the whole simulated network is a pure function of the seed. */

/** A 32-bit hash of a string (cyrb53's mixing, truncated), stable across runs and platforms. */
export const hashString = (text: string, seed = 0): number => {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
};

/** A number in [0, 1) that depends only on its parts. */
export const unit = (...parts: Array<string | number>): number => hashString(parts.join('|')) / 4294967296;

export type Random = () => number;

/** mulberry32: a tiny seeded generator of numbers in [0, 1). */
export const seededRandom = (seed: number): Random => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const intBetween = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** LinkedIn's opaque profile ids look like `ACoAAB2EEb4BjsqIcMYQQ57SqWL6ihsOZCvTzWM` (39 characters). */
export const profileIdFrom = (random: Random): string => {
  let id = 'ACoAA';
  for (let i = 0; i < 34; i++) id += BASE64URL[Math.floor(random() * 64)] ?? 'A';
  return id;
};

export const hexFrom = (random: Random, length: number): string => {
  let out = '';
  for (let i = 0; i < length; i++) out += Math.floor(random() * 16).toString(16);
  return out;
};

export const slugify = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
