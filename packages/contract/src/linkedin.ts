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
  // Spec §5, lead import dialog: a required input or the session id is empty.
  fillTheField: 'Please fill the field',
  chooseWhatToImport: 'Tick at least one of the boxes',
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

/** Spec §2 screen 4: the LinkedIn audiences a lead import dialog can read (targeted search has its own form). */
export const LEAD_IMPORT_METHODS = [
  'group_members',
  'post_reactors',
  'profile_network',
  'event_attendees',
] as const;
export type TLeadImportMethod = (typeof LEAD_IMPORT_METHODS)[number];

const importUrl = z
  .string()
  .trim()
  .min(1, LINKEDIN_MESSAGES.fillTheField)
  .max(2048, 'url must be at most 2048 characters');

const listTarget = {
  list_name: z
    .string()
    .trim()
    .max(100, 'List name must be at most 100 characters')
    .optional()
    .describe('a new or existing list of the caller, by name; wins over list_id'),
  list_id: z.number().int().positive().optional().describe('an existing list of the caller'),
};

export const ZLeadImportRequest = z
  .discriminatedUnion('method', [
    z.object({
      method: z.literal('group_members'),
      url: importUrl.describe('the group page, https://www.linkedin.com/groups/<id>/'),
      ...listTarget,
    }),
    z.object({
      method: z.literal('post_reactors'),
      url: importUrl.describe('the post, /feed/update/urn:li:activity:<id>/ or a /posts/… link'),
      reactions: z.boolean().default(true).describe('the people who reacted'),
      comments: z.boolean().default(false).describe('the people who commented'),
      ...listTarget,
    }),
    z.object({
      method: z.literal('profile_network'),
      url: importUrl.describe('the profile, https://www.linkedin.com/in/<name>/'),
      connections: z
        .boolean()
        .default(true)
        .describe("their connections (yours, or a 1st-degree connection's)"),
      followers: z.boolean().default(false).describe('their followers'),
      ...listTarget,
    }),
    z.object({
      method: z.literal('event_attendees'),
      url: importUrl.describe('the event page, https://www.linkedin.com/events/<id>/'),
      ...listTarget,
    }),
  ])
  .superRefine((value, ctx) => {
    if (!value.list_name && value.list_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['list_name'], message: LINKEDIN_MESSAGES.selectOrCreateList });
    }
    const none =
      (value.method === 'post_reactors' && !value.reactions && !value.comments) ||
      (value.method === 'profile_network' && !value.connections && !value.followers);
    if (none)
      ctx.addIssue({ code: 'custom', path: ['method'], message: LINKEDIN_MESSAGES.chooseWhatToImport });
  });
export type TLeadImportRequest = z.input<typeof ZLeadImportRequest>;
