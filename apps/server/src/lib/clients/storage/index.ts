import type { StorageConfig } from '../../../env';
import type { DiskSpace } from '../../core/faults/disk-space';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './types';

export { createLocalStorage } from './local-storage';
export { readStoredBytes } from './read-stored-bytes';
export { createS3Storage } from './s3-storage';
export { assertKey, InvalidStorageKey, siblingKey, storageKey } from './storage-key';
export type { Storage, StorageBody, StoredObject } from './types';

/** DATA_DIR/files (whose free space `disk` measures), or the S3-compatible bucket of STORAGE_S3_BUCKET. */
export const createStorage = (config: StorageConfig, disk?: DiskSpace): Storage =>
  config.kind === 's3' ? createS3Storage(config) : createLocalStorage(config.dir, disk);
