import { randomUUID } from 'node:crypto';

/** Lower-case letters, digits, `-`, `_` and one dot in each segment; nothing a path could climb out with. */
const SEGMENT = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)*$/;
const MAX_KEY_LENGTH = 512;

export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/**
 * Refuses anything but a relative path of plain segments ("inputs/<user>/<uuid>.png"): no `..`, no
 * leading or doubled `/`, no backslash, no NUL, no upper case (case-insensitive file systems). Keys are
 * made by the server, so a failure here is a bug, never a user's mistake.
 */
export const assertKey = (key: string): void => {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new InvalidStorageKey(key);
  const segments = key.split('/');
  if (!segments.every((segment) => SEGMENT.test(segment))) throw new InvalidStorageKey(key);
};

/**
 * A new key under `folder` (itself made of plain segments, e.g. `inputs/<user id>`), with a random name
 * and the given extension. The user's file name never becomes part of a key.
 */
export const storageKey = (folder: string, extension: string, suffix = ''): string => {
  const key = `${folder.toLowerCase()}/${randomUUID()}${suffix}.${extension.toLowerCase()}`;
  assertKey(key);
  return key;
};

/** The same key with a suffix before its extension ("a/b.png" → "a/b.thumb.webp"). */
export const siblingKey = (key: string, suffix: string, extension: string): string => {
  assertKey(key);
  const base = key.replace(/\.[a-z0-9]+$/, '');
  const sibling = `${base}.${suffix}.${extension}`;
  assertKey(sibling);
  return sibling;
};
