import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { type S3StandIn, startS3StandIn } from '@sales-assist/stand-ins/s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type StorageConfig } from '../src/env';
import { createS3Storage, InvalidStorageKey, type Storage } from '../src/lib/clients/storage';

let s3: S3StandIn;
let storage: Storage;
let config: Extract<StorageConfig, { kind: 's3' }>;

/** The configuration as STORAGE_S3_* would give it. */
const s3Config = (env: Record<string, string>): StorageConfig =>
  loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    VAULT_KEY: '0'.repeat(64),
    DATA_DIR: '/tmp/unused-data-dir',
    ...env,
  }).storage;

beforeAll(async () => {
  s3 = await startS3StandIn();
  const given = s3Config({
    STORAGE_S3_BUCKET: s3.bucket,
    STORAGE_S3_ENDPOINT: s3.url,
    STORAGE_S3_ACCESS_KEY_ID: 'TESTKEY',
    STORAGE_S3_SECRET_ACCESS_KEY: 'test-secret',
    STORAGE_S3_PREFIX: '/install-1/',
  });
  if (given.kind !== 's3') throw new Error('expected an S3 configuration');
  config = given;
  storage = createS3Storage(config);
});
afterAll(() => s3.close());
beforeEach(() => {
  s3.requests.length = 0;
});

describe('S3 storage configuration', () => {
  it('is local (DATA_DIR/files) unless a bucket is named', () => {
    expect(s3Config({})).toEqual({ kind: 'local', dir: '/tmp/unused-data-dir/files' });
  });

  it('reads the bucket, endpoint, region, keys and prefix; path-style by default with an endpoint', () => {
    expect(config).toEqual({
      kind: 's3',
      bucket: 'test-bucket',
      endpoint: s3.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'TESTKEY', secretAccessKey: 'test-secret' },
      forcePathStyle: true,
      prefix: 'install-1',
    });
    expect(s3Config({ STORAGE_S3_BUCKET: 'b' })).toMatchObject({
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
    });
  });

  it('refuses half a key pair and a prefix a key could climb out with', () => {
    expect(() => s3Config({ STORAGE_S3_BUCKET: 'b', STORAGE_S3_ACCESS_KEY_ID: 'only' })).toThrow(
      /go together/,
    );
    expect(() => s3Config({ STORAGE_S3_BUCKET: 'b', STORAGE_S3_PREFIX: '../up' })).toThrow(
      /STORAGE_S3_PREFIX/,
    );
  });
});

describe('S3 storage against a local stand-in', () => {
  it('puts with the content type under the prefix, signed, path-style; gets it back', async () => {
    await storage.put('inputs/u1/a.png', Buffer.from('png bytes'), 'image/png');
    expect(s3.objects.get('install-1/inputs/u1/a.png')).toEqual({
      body: Buffer.from('png bytes'),
      contentType: 'image/png',
    });
    expect(s3.requests[0]).toMatchObject({ method: 'PUT', path: '/test-bucket/install-1/inputs/u1/a.png' });
    const stored = await storage.get('inputs/u1/a.png');
    expect(stored?.size).toBe(9);
    expect(await text(stored?.body ?? Readable.from([]))).toBe('png bytes');
    expect(await storage.exists('inputs/u1/a.png')).toBe(true);
  });

  it('puts a stream (read into memory first, as PutObject needs the length)', async () => {
    await storage.put('s/stream.txt', Readable.from([Buffer.from('one '), Buffer.from('two')]), 'text/plain');
    expect(s3.objects.get('install-1/s/stream.txt')?.body.toString()).toBe('one two');
  });

  it('answers null and false for a missing key; deleting one is no error', async () => {
    expect(await storage.get('missing/key.png')).toBeNull();
    expect(await storage.exists('missing/key.png')).toBe(false);
    await expect(storage.delete('missing/key.png')).resolves.toBeUndefined();
  });

  it('deletes', async () => {
    await storage.put('d/x.txt', Buffer.from('x'), 'text/plain');
    await storage.delete('d/x.txt');
    expect(s3.objects.has('install-1/d/x.txt')).toBe(false);
    expect(await storage.exists('d/x.txt')).toBe(false);
  });

  it('retries a transient failure of the service', async () => {
    s3.failNext(1);
    await storage.put('r/retried.txt', Buffer.from('made it'), 'text/plain');
    expect(s3.objects.get('install-1/r/retried.txt')?.body.toString()).toBe('made it');
    expect(s3.requests.filter((request) => request.method === 'PUT')).toHaveLength(2);
  });

  it('passes on a refusal of the service (here: wrong credentials)', async () => {
    const stranger = createS3Storage({
      ...config,
      credentials: { accessKeyId: 'OTHER', secretAccessKey: 'x' },
    });
    await expect(stranger.put('a/b.txt', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      name: 'AccessDenied',
    });
  });

  it('checks keys before any request', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
      InvalidStorageKey,
    );
    await expect(storage.get('a/../b')).rejects.toBeInstanceOf(InvalidStorageKey);
    expect(s3.requests).toEqual([]);
  });
});
