/** Why a model download stopped, for the admin area and the terminal. */
export type DownloadFailure =
  /** The address answered 404 or 410: the file is not (or no longer) there. */
  | 'not_found'
  /** Another refusal (401, 403, 4xx), or failures that went on after every resume. */
  | 'refused'
  | 'interrupted'
  /** The whole file arrived but its SHA-256 is not the published one (the part file is deleted). */
  | 'hash_mismatch'
  /** The file's size is not the catalogue's (the part file is deleted when it arrived whole). */
  | 'size_mismatch'
  /** Another download into the same file is running (the server's or `npm run model:pull`). */
  | 'locked'
  | 'disk_full'
  | 'cancelled';

/** A download that stopped, with a message a person can act on. */
export class DownloadError extends Error {
  constructor(
    readonly failure: DownloadFailure,
    message: string,
  ) {
    super(message);
  }
}
