/** Spec §5: the search URL must be a valid URL (the server checks it is a LinkedIn people search). */
export const isWebUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};
