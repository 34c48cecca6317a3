import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../../env';
import { assertKey } from './storage-key';
import type { Storage, StorageBody, StoredObject } from './types';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/**
 * The largest object a stream may bring: PutObject needs the length first, so a stream is read into
 * memory (uploads are at most 10 MB, rendered images less). Larger objects would need multipart uploads.
 */
export const MAX_S3_STREAMED_BYTES = 64 * 1024 * 1024;

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * The AWS SDK is loaded at the first call to a bucket, not with the server: it costs ~0.15 s of CPU at every
 * start, and only an install with STORAGE_S3_BUCKET ever uses it (docs/decisions/speed-and-memory.md,
 * "Production serving and the compiled server").
 */
let sdkLoading: Promise<S3Sdk> | null = null;
const loadSdk = (): Promise<S3Sdk> => {
  sdkLoading ??= import('@aws-sdk/client-s3');
  return sdkLoading;
};

const isNotFound = (sdk: S3Sdk, error: unknown): boolean =>
  error instanceof sdk.S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

const bytesOf = async (body: StorageBody): Promise<Uint8Array> => {
  if (body instanceof Uint8Array) return body;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_S3_STREAMED_BYTES)
      throw new Error(`An object to store is larger than ${MAX_S3_STREAMED_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
};

export const createS3Client = async (config: S3Config): Promise<S3Client> =>
  new (await loadSdk()).S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // S3-compatible services (MinIO, R2, Ceph) do not all know the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), so several processes on
 * several machines share the files. A PutObject is atomic by itself: the object appears whole or not
 * at all. Keys are checked like the local ones and put under the configured prefix.
 */
export const createS3Storage = (config: S3Config): Storage => {
  // Made at the first call, once (the SDK with it), and shared by every call after.
  let connecting: Promise<{ sdk: S3Sdk; client: S3Client }> | null = null;
  const connect = () => {
    connecting ??= Promise.all([loadSdk(), createS3Client(config)]).then(([sdk, client]) => ({
      sdk,
      client,
    }));
    return connecting;
  };
  const objectKey = (key: string): string => {
    assertKey(key);
    return config.prefix ? `${config.prefix}/${key}` : key;
  };
  const Bucket = config.bucket;

  return {
    kind: 's3',

    put: async (key, body, contentType) => {
      const Key = objectKey(key);
      const bytes = await bytesOf(body);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },

    get: async (key): Promise<StoredObject | null> => {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        const body = answer.Body;
        if (!body) return null;
        // In Node the SDK hands back a readable stream (an IncomingMessage with helpers mixed in).
        const stream = body instanceof Readable ? body : Readable.from(body as AsyncIterable<Uint8Array>);
        return { body: stream, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(sdk, error)) return null;
        throw error;
      }
    },

    delete: async (key) => {
      // S3 answers 204 for a missing key too.
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },

    exists: async (key) => {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isNotFound(sdk, error)) return false;
        throw error;
      }
    },
  };
};
