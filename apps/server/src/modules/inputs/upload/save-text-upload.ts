import { INPUT_MESSAGES, type TInputSavedResponse } from '@sales-assist/contract';
import type { AppDeps } from '../../../app-deps';
import { storageKey } from '../../../lib/clients/storage';
import { extractText } from '../extract/extract-text';
import type { ExtractionLimits } from '../extract/run-extraction';
import { detectType } from './detect-type';
import type { ReceivedUpload } from './receive-upload';
import { wrongType } from './refuse-type';
import { storeInput } from './store-input';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * An uploaded text: .txt, .md, .pdf or .docx as its bytes say, whatever its name. The text is
 * extracted and kept in the row (what generations read); the original file is kept in storage.
 */
export const saveTextUpload = async (
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  log: Log,
  userId: string,
  upload: ReceivedUpload & { name: string },
  limits?: ExtractionLimits,
): Promise<TInputSavedResponse> => {
  const type = await detectType(upload.bytes, upload.fileName);
  if (type.family !== 'text' && type.family !== 'document') throw wrongType('text', type);
  const text = await extractText(upload.bytes, type, limits);
  return storeInput(
    deps,
    log,
    { userId, kind: 'text', name: upload.name, mime: type.mime, sizeBytes: upload.bytes.length, text },
    {
      original: {
        key: storageKey(`inputs/${userId}`, type.format),
        bytes: upload.bytes,
        contentType: type.mime,
      },
    },
    INPUT_MESSAGES.fileUploaded,
  );
};
