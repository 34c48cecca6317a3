import { ZId } from './leads';
import { z } from './messages';
import { OFFLINE_DRAFT_LABEL } from './model-setup';

/**
 * Google's responsive search ads: 3–15 headlines of at most 30 characters, 2–4 descriptions of at most
 * 90, and two optional display paths of at most 15 (appended to the final URL's domain in the ad).
 */
export const GOOGLE_AD_LIMITS = {
  headline: { chars: 30, min: 3, max: 15 },
  description: { chars: 90, min: 2, max: 4 },
  path: { chars: 15, count: 2 },
} as const;

export const GOOGLE_AD_FIELDS = ['headline', 'description', 'path'] as const;
export type TGoogleAdField = (typeof GOOGLE_AD_FIELDS)[number];

export const GOOGLE_AD_FIELD_LABELS: Record<TGoogleAdField, string> = {
  headline: 'Headline',
  description: 'Description',
  path: 'Path',
};

export const GOOGLE_AD_KEYWORDS_MAX = 30;
export const GOOGLE_AD_KEYWORD_CHARS = 80;
export const GOOGLE_AD_NAME_CHARS = 255;
export const GOOGLE_AD_URL_CHARS = 2048;
/** Page size of the saved ads list. */
export const GOOGLE_ADS_PAGE_SIZE = 10;

export const GOOGLE_AD_MESSAGES = {
  keywordsRequired: 'Add at least one keyword, or choose a saved keyword list',
  landingUrlRequired: 'Enter the landing page URL (or add your website in Settings)',
  landingUrlInvalid: 'Please enter a valid landing page URL (http or https)',
  adNotFound: 'Google ad not found',
  keywordListEmpty: 'This keyword list has no keywords',
  generationFailed:
    'The ad could not be written. Nothing was saved and nothing was counted; please try again.',
  noNewText: 'Every variant we can write from your profile is already in the ad: edit this one yourself',
  saved: 'Ad Saved',
  deleted: 'Ad Deleted',
  offlineLabel: OFFLINE_DRAFT_LABEL,
} as const;

/** "Headline 3", "Description 1", "Path 2": how the messages and the CSV name a field (1-based). */
export const googleAdFieldName = (field: TGoogleAdField, index: number): string =>
  `${GOOGLE_AD_FIELD_LABELS[field]} ${index + 1}`;

/** Letters and digits of any script, and hyphens: what Google accepts in a display path. */
export const GOOGLE_AD_PATH_PATTERN = /^[\p{L}\p{N}-]*$/u;

export type TGoogleAdFieldProblem = { field: TGoogleAdField; index: number; message: string };

/** Two texts Google would count as the same asset: letter case, spacing and end punctuation aside. */
export const googleAdTextKey = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[.,;:!?…]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Every field of an ad checked against Google's rules, in the order a person reads the form. The web
 * editor runs it live (red counters, Save off) and the server refuses a save with its first problem.
 */
export const googleAdProblems = (ad: {
  headlines: readonly string[];
  descriptions: readonly string[];
  path1: string;
  path2: string;
}): TGoogleAdFieldProblem[] => {
  const problems: TGoogleAdFieldProblem[] = [];
  const texts = (field: 'headline' | 'description', values: readonly string[]) => {
    const limits = GOOGLE_AD_LIMITS[field];
    const seen = new Map<string, number>();
    values.forEach((value, index) => {
      const name = googleAdFieldName(field, index);
      const text = value.trim();
      if (text === '') {
        problems.push({ field, index, message: `${name} is empty` });
        return;
      }
      if (text.length > limits.chars) {
        problems.push({
          field,
          index,
          message: `${name} is ${text.length} characters; at most ${limits.chars}`,
        });
      }
      if (field === 'headline' && text.includes('!')) {
        problems.push({
          field,
          index,
          message: `${name} has an exclamation mark: Google allows none in headlines`,
        });
      }
      const key = googleAdTextKey(text);
      const first = seen.get(key);
      if (first !== undefined) {
        problems.push({
          field,
          index,
          message: `${name} repeats ${googleAdFieldName(field, first).toLowerCase()}`,
        });
      } else seen.set(key, index);
    });
  };
  texts('headline', ad.headlines);
  texts('description', ad.descriptions);
  [ad.path1, ad.path2].forEach((value, index) => {
    const name = googleAdFieldName('path', index);
    const text = value.trim();
    if (text.length > GOOGLE_AD_LIMITS.path.chars) {
      problems.push({
        field: 'path',
        index,
        message: `${name} is ${text.length} characters; at most ${GOOGLE_AD_LIMITS.path.chars}`,
      });
    }
    if (!GOOGLE_AD_PATH_PATTERN.test(text)) {
      problems.push({ field: 'path', index, message: `${name} may hold only letters, digits and hyphens` });
    }
  });
  if (ad.path2.trim() !== '' && ad.path1.trim() === '') {
    problems.push({ field: 'path', index: 1, message: 'Path 2 needs a Path 1 before it' });
  }
  return problems;
};

const ZLandingUrl = z
  .string()
  .trim()
  .max(GOOGLE_AD_URL_CHARS, 'The landing page URL is too long')
  .transform((value) => (value === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`))
  .refine((value) => {
    if (value === '') return true;
    const url = URL.parse(value);
    return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  }, GOOGLE_AD_MESSAGES.landingUrlInvalid);

const ZKeyword = z
  .string()
  .trim()
  .max(GOOGLE_AD_KEYWORD_CHARS, `A keyword can be at most ${GOOGLE_AD_KEYWORD_CHARS} characters`);

export const ZCreateGoogleAdRequest = z.object({
  /** Where the ad leads (the Final URL); read for grounding. Empty: the user's website. */
  landing_url: ZLandingUrl.default(''),
  keywords: z.array(ZKeyword).max(GOOGLE_AD_KEYWORDS_MAX).default([]),
  /** One of the caller's saved keyword lists (Keywords screen); its keywords join the typed ones. */
  keyword_list_id: ZId.optional(),
});
export type TCreateGoogleAdRequest = z.input<typeof ZCreateGoogleAdRequest>;

/** What a person edits; checked by googleAdProblems (400 naming the field). */
const ZAdFieldsShape = z.object({
  headlines: z
    .array(z.string().max(300))
    .min(GOOGLE_AD_LIMITS.headline.min, `An ad needs at least ${GOOGLE_AD_LIMITS.headline.min} headlines`)
    .max(GOOGLE_AD_LIMITS.headline.max, `An ad can have at most ${GOOGLE_AD_LIMITS.headline.max} headlines`),
  descriptions: z
    .array(z.string().max(600))
    .min(
      GOOGLE_AD_LIMITS.description.min,
      `An ad needs at least ${GOOGLE_AD_LIMITS.description.min} descriptions`,
    )
    .max(
      GOOGLE_AD_LIMITS.description.max,
      `An ad can have at most ${GOOGLE_AD_LIMITS.description.max} descriptions`,
    ),
  path1: z.string().max(100).default(''),
  path2: z.string().max(100).default(''),
});

export const ZUpdateGoogleAdRequest = ZAdFieldsShape.extend({
  landing_url: ZLandingUrl.optional(),
  campaign: z.string().trim().min(1, 'Campaign is required').max(GOOGLE_AD_NAME_CHARS).optional(),
  ad_group: z.string().trim().min(1, 'Ad group is required').max(GOOGLE_AD_NAME_CHARS).optional(),
}).superRefine((ad, context) => {
  const [first] = googleAdProblems(ad);
  if (first) context.addIssue({ code: 'custom', message: first.message, path: [first.field] });
  if (ad.landing_url === '') {
    context.addIssue({
      code: 'custom',
      message: GOOGLE_AD_MESSAGES.landingUrlRequired,
      path: ['landing_url'],
    });
  }
});
export type TUpdateGoogleAdRequest = z.input<typeof ZUpdateGoogleAdRequest>;

/**
 * Write one field again. The other fields (the editor's current ones, saved or not) are the context the
 * new text must not repeat; without them the saved ad is. Nothing is saved: the editor puts the text in
 * place and Save keeps it.
 */
export const ZRegenerateGoogleAdFieldRequest = z
  .object({
    field: z.enum(GOOGLE_AD_FIELDS),
    index: z.coerce
      .number()
      .int()
      .min(0)
      .max(GOOGLE_AD_LIMITS.headline.max - 1),
    headlines: z.array(z.string().max(300)).max(GOOGLE_AD_LIMITS.headline.max).optional(),
    descriptions: z.array(z.string().max(600)).max(GOOGLE_AD_LIMITS.description.max).optional(),
    path1: z.string().max(100).optional(),
    path2: z.string().max(100).optional(),
  })
  .superRefine((request, context) => {
    const most =
      request.field === 'path'
        ? GOOGLE_AD_LIMITS.path.count
        : request.field === 'headline'
          ? GOOGLE_AD_LIMITS.headline.max
          : GOOGLE_AD_LIMITS.description.max;
    if (request.index >= most) {
      context.addIssue({
        code: 'custom',
        message: `index must be below ${most} for a ${request.field}`,
        path: ['index'],
      });
    }
  });
export type TRegenerateGoogleAdFieldRequest = z.input<typeof ZRegenerateGoogleAdFieldRequest>;

const ZWriter = z.enum(['llm', 'offline']);

export const ZGoogleAd = z.object({
  id: z.number().int(),
  /** The Final URL. */
  landing_url: z.string(),
  /** The domain the ad shows before the paths (www. left out). */
  display_domain: z.string(),
  keywords: z.array(z.string()),
  keyword_list_id: z.number().int().nullable(),
  campaign: z.string(),
  ad_group: z.string(),
  headlines: z.array(z.string()),
  descriptions: z.array(z.string()),
  path1: z.string(),
  path2: z.string(),
  /** Whether the landing page grounded the ad; when it could not be read, why (the brand profile wrote it). */
  landing_page: z.object({
    status: z.enum(['read', 'unreadable', 'not_given']),
    message: z.string().nullable(),
  }),
  writer: ZWriter,
  model: z.string().nullable(),
  fallback_reason: z.string().nullable(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  created_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601'),
});
export type TGoogleAd = z.infer<typeof ZGoogleAd>;

export const ZGoogleAdIdParams = z.object({ id: ZId });

export const ZGoogleAdsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('one-based'),
  limit: z.coerce.number().int().min(1).max(50).default(GOOGLE_ADS_PAGE_SIZE),
});
export const ZGoogleAdsResponse = z.object({
  ads: z.array(ZGoogleAd),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** The writer new ads get: the screen says "Offline draft" when it is the offline one. */
  writer: ZWriter,
});
export type TGoogleAdsResponse = z.infer<typeof ZGoogleAdsResponse>;

export const ZRegenerateGoogleAdFieldResponse = z.object({
  field: z.enum(GOOGLE_AD_FIELDS),
  index: z.number().int(),
  text: z.string(),
  /** The context with the new text in place: every other field exactly as sent (or saved). */
  headlines: z.array(z.string()),
  descriptions: z.array(z.string()),
  path1: z.string(),
  path2: z.string(),
  writer: ZWriter,
  fallback_reason: z.string().nullable(),
});
export type TRegenerateGoogleAdFieldResponse = z.infer<typeof ZRegenerateGoogleAdFieldResponse>;

/**
 * Google Ads Editor's CSV columns for a responsive search ad (its "Import a CSV file" help: English
 * headers; an empty cell changes nothing).
 */
export const GOOGLE_ADS_EDITOR_COLUMNS = [
  'Campaign',
  'Ad group',
  'Final URL',
  'Path 1',
  'Path 2',
  ...Array.from({ length: GOOGLE_AD_LIMITS.headline.max }, (_, i) => `Headline ${i + 1}`),
  ...Array.from({ length: GOOGLE_AD_LIMITS.description.max }, (_, i) => `Description ${i + 1}`),
] as const;

export const googleAdCsvFileName = (id: number): string => `google-ad-${id}.csv`;
