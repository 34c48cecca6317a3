import { z } from './messages';

export const LINKEDIN_MESSAGES = {
  pasteSearchUrl: 'Please paste the linkedin search url',
  // Spec §5 spells it this way; kept as the users of the spec's client know it.
  invalidSearchUrl: 'Invalid Linkedin Seach URL',
  selectOrCreateList: 'Please select or create a new list',
  automationInProgress: 'An automation is already in progress.',
  sessionExpired: 'Your LinkedIn session has expired. Please enter a new li_at cookie.',
  cookieSaved: 'Cookie saved',
  importStarted: 'Import started: the list fills in the background',
} as const;

/** li_at is LinkedIn's session cookie; JSESSIONID is optional (obtained like a browser would). */
export const ZStoreCookieRequest = z.object({
  li_at: z.string().trim().min(1, 'Please enter your li_at cookie').max(4096, 'li_at is too long'),
  jsessionid: z.string().trim().max(256).optional(),
});
export type TStoreCookieRequest = z.input<typeof ZStoreCookieRequest>;

export const ZStoreCookieResponse = z.object({
  message: z.string(),
  name: z.string().describe('the LinkedIn member the cookie signs in as'),
});
export type TStoreCookieResponse = z.infer<typeof ZStoreCookieResponse>;

export const ZLiAtExpiredResponse = z.object({
  expired: z.boolean().describe('true when the stored session no longer works (the li_at dialog opens)'),
  connected: z.boolean().describe('a LinkedIn session is stored'),
  sandbox: z.boolean().describe('this installation talks to the bundled LinkedIn sandbox, not linkedin.com'),
  name: z.string().nullable().describe('the LinkedIn member of the stored session'),
});
export type TLiAtExpiredResponse = z.infer<typeof ZLiAtExpiredResponse>;

export const ZSearchResultRequest = z.object({
  search_url: z.string().trim().min(1, LINKEDIN_MESSAGES.pasteSearchUrl).max(4096, 'search_url is too long'),
  list_name: z
    .string()
    .trim()
    .min(1, LINKEDIN_MESSAGES.selectOrCreateList)
    .max(100, 'List name must be at most 100 characters'),
});
export type TSearchResultRequest = z.input<typeof ZSearchResultRequest>;

export const ZSearchResultResponse = z.object({
  message: z.string(),
  expired: z.boolean(),
  list_id: z.number().int().describe('the list being filled'),
});
export type TSearchResultResponse = z.infer<typeof ZSearchResultResponse>;

/** Body of a refusal because the LinkedIn session is missing or expired (HTTP 409). */
export const ZLinkedInExpiredError = z.object({
  error: z.literal('linkedin_session_expired'),
  message: z.string(),
  expired: z.literal(true),
});
