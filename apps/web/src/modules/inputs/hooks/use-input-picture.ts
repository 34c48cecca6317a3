import { useApiPicture } from '../../../app/api/use-api-picture';
import { inputFilePath } from '../lib/fetch-input-file';
import { INPUTS_KEY } from './inputs-keys';

/**
 * A blob: URL of an image input's thumbnail or picture (the shared owner-only picture hook). The bytes
 * behind an id never change, so they are kept for the session once fetched.
 */
export const useInputPicture = (id: number, variant: 'image' | 'thumbnail') => {
  const { url, isLoading, isError } = useApiPicture(inputFilePath(id, variant), {
    queryKey: [...INPUTS_KEY, 'picture', id, variant],
  });
  return { url, isLoading, isError };
};
