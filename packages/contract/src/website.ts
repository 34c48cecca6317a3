import { ZEmail } from './common';
import { z } from './messages';

export const ZWebsiteUrl = z
  .string()
  .trim()
  .min(1, 'Website URL is required')
  .max(2048, 'Website URL is too long')
  .transform((value) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`))
  .refine((value) => URL.canParse(value), 'Please enter a valid website URL');

export const ZAddWebsiteRequest = z.object({
  email: ZEmail.optional().describe("the signed-in account's e-mail; another address is refused"),
  website_url: ZWebsiteUrl,
});
export type TAddWebsiteRequest = z.input<typeof ZAddWebsiteRequest>;

export const ZAddWebsiteResponse = z.object({ website_name: z.string(), message: z.string() });
export type TAddWebsiteResponse = z.infer<typeof ZAddWebsiteResponse>;

/** POST /api/skip_website: go on without a website; website_check becomes true, website_url stays null. */
export const ZSkipWebsiteResponse = z.object({ message: z.string(), website_check: z.literal(true) });
export type TSkipWebsiteResponse = z.infer<typeof ZSkipWebsiteResponse>;
