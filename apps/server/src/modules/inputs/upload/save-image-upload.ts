import { INPUT_MESSAGES, type TInputSavedResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../../app-deps';
import { siblingKey, storageKey } from '../../../lib/clients/storage';
import { processImage } from '../images/process-image';
import { detectType } from './detect-type';
import type { ReceivedUpload } from './receive-upload';
import { wrongType } from './refuse-type';
import { storeInput } from './store-input';

type Log = { warn: (obj: object, msg: string) => void };

const EXTENSIONS = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const;

/** An uploaded picture: PNG, JPEG or WebP as its bytes say; kept without metadata, with a thumbnail. */
export const saveImageUpload = async (
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  log: Log,
  userId: string,
  upload: ReceivedUpload & { name: string },
): Promise<TInputSavedResponse> => {
  const type = await detectType(upload.bytes, upload.fileName);
  if (type.family !== 'image') throw wrongType('image', type);
  const processed = await processImage(upload.bytes, type.format);
  const key = storageKey(`inputs/${userId}`, EXTENSIONS[type.format]);
  return storeInput(
    deps,
    log,
    {
      userId,
      kind: 'image',
      name: upload.name,
      mime: type.mime,
      sizeBytes: processed.image.length,
      width: processed.width,
      height: processed.height,
    },
    {
      original: { key, bytes: processed.image, contentType: type.mime },
      thumbnail: {
        key: siblingKey(key, 'thumb', 'webp'),
        bytes: processed.thumbnail,
        contentType: 'image/webp',
      },
    },
    INPUT_MESSAGES.imageUploaded,
  );
};
