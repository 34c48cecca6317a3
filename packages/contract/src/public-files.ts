import { z } from './messages';

/** A stored picture shared through a signed link: the link's token is the permission. */
export const ZPublicFileQuery = z.object({ token: z.string().min(1).max(2000) });
