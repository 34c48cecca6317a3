import { z } from './messages';

export const ZHealthResponse = z.object({ status: z.literal('ok') });

/** What the web app needs to know about this installation before anyone signs in. */
export const ZAppConfigResponse = z.object({
  recaptcha_site_key: z.string().nullable(),
  version: z.string(),
});
export type TAppConfigResponse = z.infer<typeof ZAppConfigResponse>;
