import { fetchApiBlob } from '../../../app/api/fetch-blob';

/** An input's stored picture, thumbnail or original file, fetched with the session's token. */
export const fetchInputFile = (id: number, variant: 'image' | 'thumbnail' | 'file'): Promise<Blob> =>
  fetchApiBlob(`/inputs/${id}/${variant}`);
