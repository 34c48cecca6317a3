import { MESSAGE_TONES } from './campaigns';
import { z } from './messages';

/** The brand profile's editable fields, as the API names them. */
export const BRAND_FIELDS = ['company', 'offer', 'audience', 'tone', 'key_phrases'] as const;
export type TBrandField = (typeof BRAND_FIELDS)[number];

/** The campaign tones, plus one for the loud, superlative sites the campaign list has no word for. */
export const BRAND_TONES = [...MESSAGE_TONES, 'Bold, Confident'] as const;

export const BRAND_PROFILE_LIMITS = {
  company: 120,
  offer: 600,
  audience: 400,
  tone: 60,
  keyPhrases: 15,
  keyPhraseChars: 80,
} as const;

/** Plain text only: the profile is fed to prompts and shown as text, so markup is refused, not stored. */
const looksLikeMarkup = (value: string) => /<\s*[a-z!/?]/i.test(value);
const PLAIN_TEXT_MESSAGE = 'Use plain text, without HTML tags';

const plainText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} can have at most ${max} characters`)
    .refine((value) => !looksLikeMarkup(value), PLAIN_TEXT_MESSAGE);

export const ZBrandProfileResponse = z.object({
  /** False for a user who skipped the website step: the fields then come from the account alone. */
  has_website: z.boolean(),
  website_url: z.string().nullable(),
  company: z.string(),
  offer: z.string(),
  audience: z.string(),
  tone: z.string(),
  key_phrases: z.array(z.string()),
  /** A few sentences about the site (its description and readable text): what prompts get as {website_summary}. */
  website_summary: z.string(),
  /** When the site was last read (ISO 8601), null without a website. */
  scanned_at: z.string().nullable(),
  /** When the user last saved an edit, null when never. */
  edited_at: z.string().nullable(),
  /** The fields the user changed: scanning the site again keeps these as they are. */
  edited_fields: z.array(z.enum(BRAND_FIELDS)),
  /**
   * What the brand looks like, read from the site with the rest: its colours (#rrggbb, most telling first,
   * greys left out) and whether its logo was found (GET /api/brand-profile/logo serves it). Picture themes
   * that take the brand's look draw with them.
   */
  look: z.object({ colors: z.array(z.string()), has_logo: z.boolean() }),
});
export type TBrandProfileResponse = z.infer<typeof ZBrandProfileResponse>;

/** PUT /api/brand_profile: any of the fields; one sent unchanged is not marked as edited. */
export const ZUpdateBrandProfileRequest = z
  .object({
    company: plainText('Company', BRAND_PROFILE_LIMITS.company).refine(
      (value) => value.length > 0,
      'Company is required',
    ),
    offer: plainText('Offer', BRAND_PROFILE_LIMITS.offer),
    audience: plainText('Audience', BRAND_PROFILE_LIMITS.audience),
    tone: plainText('Tone of voice', BRAND_PROFILE_LIMITS.tone),
    key_phrases: z
      .array(
        plainText('A key phrase', BRAND_PROFILE_LIMITS.keyPhraseChars).refine(
          (value) => value.length > 0,
          'A key phrase cannot be empty',
        ),
      )
      .max(BRAND_PROFILE_LIMITS.keyPhrases, `At most ${BRAND_PROFILE_LIMITS.keyPhrases} key phrases`)
      // The same phrase twice (any letter case) is kept once, in its first spelling.
      .transform((phrases) =>
        phrases.filter(
          (phrase, index) =>
            phrases.findIndex((other) => other.toLowerCase() === phrase.toLowerCase()) === index,
        ),
      ),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type TUpdateBrandProfileRequest = z.input<typeof ZUpdateBrandProfileRequest>;
export type TUpdateBrandProfile = z.output<typeof ZUpdateBrandProfileRequest>;
