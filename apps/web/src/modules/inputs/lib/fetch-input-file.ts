import { CALLS } from '@sales-assist/contract';
import { pathOf } from '../../../app/api/call-api';
import { fetchApiBlob } from '../../../app/api/fetch-blob';

/** An input's stored picture, thumbnail or original file, fetched with the session's token. */
export const fetchInputFile = (id: number, variant: TInputFileVariant): Promise<Blob> =>
  fetchApiBlob(inputFilePath(id, variant));

/** Which of an input's stored files: the picture, its thumbnail or the original upload. */
export type TInputFileVariant = 'image' | 'thumbnail' | 'file';

const INPUT_FILE_CALLS = {
  image: CALLS.getInputImage,
  thumbnail: CALLS.getInputThumbnail,
  file: CALLS.getInputFile,
} as const;

/** The path of one of an input's stored files. */
export const inputFilePath = (id: number, variant: TInputFileVariant): string =>
  pathOf(INPUT_FILE_CALLS[variant], { id });
