import { ZSubscriptionType } from './common';
import { z } from './messages';

export const ZSocialMediaConnection = z.object({
  facebook: z.boolean(),
  instagram: z.boolean(),
  linkedin: z.boolean(),
  wordpress: z.boolean(),
});

/** Spec §3 "Session/user" fields, as the app keeps them. */
export const ZMeResponse = z.object({
  email: z.string(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  website_check: z.boolean(),
  website_url: z.string().nullable(),
  website_name: z.string().nullable(),
  subscription_type: ZSubscriptionType,
  credits: z.number().int(),
  companyName: z.string(),
  /** The title of the list page shells (spec §2 "optional editable title (default "CRM")"). */
  crmTitle: z.string(),
  socialMediaConnection: ZSocialMediaConnection,
  /** The IANA zone the calendar shows and reads times in; null until chosen (the browser's zone is used). */
  time_zone: z.string().nullable(),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

/** PUT /api/me: the fields sent are changed; `time_zone` is checked against the zones the server knows (null clears it). */
export const ZUpdateMeRequest = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, 'Company name is required')
    .max(120, 'Company name is too long')
    .optional(),
  time_zone: z.string().trim().min(1, 'Unknown time zone').max(64, 'Unknown time zone').nullable().optional(),
});
export type TUpdateMeRequest = z.input<typeof ZUpdateMeRequest>;

export const DEFAULT_CRM_TITLE = 'CRM';

/** PUT /api/me/crm_title: rename the list page shells' title; an empty title goes back to "CRM". */
export const ZCrmTitleRequest = z.object({
  title: z.string().trim().max(60, 'The title can have at most 60 characters'),
});
export type TCrmTitleRequest = z.input<typeof ZCrmTitleRequest>;

/** Spec §9 plan limits; the client's defaults before a tier is known equal Premium's. */
export const PLAN_LIMITS = {
  Basic: { blogs_limit: 1, blogs_topic_limit: 3, google_ads_limit: 0, social_media_posts_limit: 2 },
  Premium: { blogs_limit: 8, blogs_topic_limit: 24, google_ads_limit: 6, social_media_posts_limit: 12 },
} as const;
