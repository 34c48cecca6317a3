import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assertKey,
  createLocalStorage,
  InvalidStorageKey,
  type Storage,
  siblingKey,
  storageKey,
} from '../src/lib/clients/storage';

let root: string;
let storage: Storage;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  storage = createLocalStorage(path.join(root, 'files'));
});
// The storage makes its temporary directory in the background as it is created, so a test that never
// writes can end while that mkdir is still under way: retrying rmdir's ENOTEMPTY lets it land first.
afterEach(() => rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }));

const read = async (key: string): Promise<string | null> => {
  const stored = await storage.get(key);
  return stored ? text(stored.body) : null;
};

/** Every file under the storage root except the temporary folder, relative to the root. */
const filesOnDisk = async (): Promise<string[]> => {
  const base = path.join(root, 'files');
  const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)))
    .sort();
};

describe('local storage', () => {
  it('puts a buffer and gets it back with its size, under the key as a path', async () => {
    await storage.put('inputs/user-1/a.txt', Buffer.from('hello'), 'text/plain');
    const stored = await storage.get('inputs/user-1/a.txt');
    expect(stored?.size).toBe(5);
    expect(await text(stored?.body ?? Readable.from([]))).toBe('hello');
    expect(await readFile(path.join(root, 'files', 'inputs', 'user-1', 'a.txt'), 'utf8')).toBe('hello');
    expect(await storage.exists('inputs/user-1/a.txt')).toBe(true);
  });

  it('puts a stream and an async iterable', async () => {
    await storage.put('s/stream.bin', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'x/y');
    async function* pieces() {
      yield new TextEncoder().encode('ef');
      yield new TextEncoder().encode('gh');
    }
    await storage.put('s/iterable.bin', pieces(), 'x/y');
    expect(await read('s/stream.bin')).toBe('abcd');
    expect(await read('s/iterable.bin')).toBe('efgh');
  });

  it('replaces an existing object whole', async () => {
    await storage.put('k/one.txt', Buffer.from('first version'), 'text/plain');
    await storage.put('k/one.txt', Buffer.from('second'), 'text/plain');
    expect(await read('k/one.txt')).toBe('second');
  });

  it('a write that fails midway leaves the old object and no temporary file', async () => {
    await storage.put('k/kept.txt', Buffer.from('old'), 'text/plain');
    async function* breaks() {
      yield Buffer.from('new beginning');
      throw new Error('connection lost');
    }
    await expect(storage.put('k/kept.txt', breaks(), 'text/plain')).rejects.toThrow('connection lost');
    await expect(storage.put('k/never.txt', breaks(), 'text/plain')).rejects.toThrow('connection lost');
    expect(await read('k/kept.txt')).toBe('old');
    expect(await storage.exists('k/never.txt')).toBe(false);
    expect(await readdir(path.join(root, 'files', '.tmp'))).toEqual([]);
    expect(await filesOnDisk()).toEqual([path.join('k', 'kept.txt')]);
  });

  it('answers null and false for a missing key, and deleting one is no error', async () => {
    expect(await storage.get('nothing/here.png')).toBeNull();
    expect(await storage.exists('nothing/here.png')).toBe(false);
    await expect(storage.delete('nothing/here.png')).resolves.toBeUndefined();
  });

  it('deletes', async () => {
    await storage.put('d/gone.txt', Buffer.from('x'), 'text/plain');
    await storage.delete('d/gone.txt');
    expect(await storage.exists('d/gone.txt')).toBe(false);
    expect(await storage.get('d/gone.txt')).toBeNull();
  });

  it('a folder is not an object', async () => {
    await storage.put('folder/inside.txt', Buffer.from('x'), 'text/plain');
    expect(await storage.exists('folder')).toBe(false);
    expect(await storage.get('folder')).toBeNull();
  });

  it.each([
    '',
    '../escape.txt',
    'a/../../escape.txt',
    'a/./b.txt',
    '/absolute.txt',
    'a//b.txt',
    'a/b/',
    'a\\b.txt',
    'Upper/Case.txt',
    'nul\u0000.txt',
    '.tmp/sneaky',
    '.hidden',
    'a/..',
    'space here.txt',
    'x'.repeat(513),
  ])('refuses the key %j in every call, before touching the disk', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    expect(await filesOnDisk()).toEqual([]);
  });

  it('never reaches a file outside its root, even one that exists', async () => {
    await writeFile(path.join(root, 'secret.txt'), 'outside');
    await expect(storage.get('../secret.txt')).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.delete('../secret.txt')).rejects.toBeInstanceOf(InvalidStorageKey);
    expect(await readFile(path.join(root, 'secret.txt'), 'utf8')).toBe('outside');
  });

  it('removes temporary files a stopped process left behind, and only old ones', async () => {
    const tempDir = path.join(root, 'again', '.tmp');
    await mkdir(tempDir, { recursive: true });
    await writeFile(path.join(tempDir, 'left-behind'), 'half');
    await writeFile(path.join(tempDir, 'in-flight'), 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(tempDir, 'left-behind'), twoHoursAgo, twoHoursAgo);
    const again = createLocalStorage(path.join(root, 'again'));
    await again.put('x/y.txt', Buffer.from('y'), 'text/plain');
    expect(await readdir(tempDir)).toEqual(['in-flight']);
  });
});

describe('storage keys', () => {
  it('are made by the server: random names under a folder, never from user input', () => {
    const key = storageKey('inputs/0b7c1a52-3f0e-4d7b-9a8e-4b8f0f5d2c11', 'png');
    expect(key).toMatch(/^inputs\/0b7c1a52-3f0e-4d7b-9a8e-4b8f0f5d2c11\/[0-9a-f-]{36}\.png$/);
    expect(storageKey('inputs/u', 'png')).not.toBe(storageKey('inputs/u', 'png'));
    expect(siblingKey(key, 'thumb', 'webp')).toBe(key.replace(/\.png$/, '.thumb.webp'));
    expect(() => assertKey(key)).not.toThrow();
  });

  it('refuse a folder or an extension a path could climb out with', () => {
    expect(() => storageKey('../inputs', 'png')).toThrow(InvalidStorageKey);
    expect(() => storageKey('inputs', '../png')).toThrow(InvalidStorageKey);
  });
});
