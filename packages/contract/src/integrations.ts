import { z } from './messages';

/** Spec §8: the Integrations page's messages, word for word (the server answers them, the page shows them). */
export const INTEGRATION_MESSAGES = {
  facebookConnected: 'Facebook successfully connected',
  instagramConnected: 'Instagram successfully connected',
  errorSendingToken: 'Some error occurred while sending token',
  noLoginStatus: 'No login status for the person',
  instagramAlreadyConnected: 'Instagram already connected',
  facebookAlreadyConnected: 'Facebook already connected',
  wordpressAlreadyConnected: 'Wordpress already connected',
  wordpressConnected: 'Wordpress integrated successfully',
  somethingWentWrong: 'Something went wrong!',
  fillAllInformation: 'Fill all the information',
  pleaseWait: 'Please wait',
  linkedinConnected: 'Linkedin connected successfully',
  linkedinConnectError: 'Some error occurred while connecting LinkedIn',
  unlinked: 'Unlinked Successfully!',
  cantUnlink: "Can't unlink linkedin",
  addAccountError: 'Error occured while adding new account',
} as const;

/** Spec §5: the page's own texts besides §8's. */
export const INTEGRATION_TEXTS = {
  intro: 'Please add accounts for seamless posting.',
  facebookLoginFailed: 'Some error occurred. Please try again later',
  popupBlocked: 'Popup blocked. Please allow popups for this site.',
} as const;

export const SOCIAL_PLATFORMS = ['linkedin', 'facebook', 'instagram', 'wordpress'] as const;
export const ZSocialPlatform = z.enum(SOCIAL_PLATFORMS);
export type TSocialPlatform = z.infer<typeof ZSocialPlatform>;

/** connected: usable; reconnect: the platform stopped taking the stored token; not_connected: nothing stored. */
export const ZConnectionStatus = z.enum(['connected', 'reconnect', 'not_connected']);
export type TConnectionStatus = z.infer<typeof ZConnectionStatus>;

export const ZIntegrationsResponse = z.object({
  /** Spec §3 flags: true when the platform is connected and its token works as far as we know. */
  data: z.object({
    linkedin: z.boolean(),
    facebook: z.boolean(),
    instagram: z.boolean(),
    wordpress: z.boolean(),
    twitter: z.literal(false),
    googleanalytics: z.literal(false),
    shopify: z.literal(false),
    googleads: z.literal(false),
  }),
  status: z.record(ZSocialPlatform, ZConnectionStatus),
  /** Why a platform asks to reconnect (the platform's words), when it does. */
  reasons: z.record(ZSocialPlatform, z.string().nullable()),
  /**
   * Whole days left before a working connection's token ends, when that is 14 days or less (LinkedIn's
   * 60-day tokens): time to reconnect. null: nothing to warn about.
   */
  expires_in_days: z.record(ZSocialPlatform, z.number().int().nullable()),
  /** The names of each platform's connected accounts (the member, the pages, the site), for the tiles. */
  accounts: z.record(ZSocialPlatform, z.array(z.string())),
});
export type TIntegrationsResponse = z.infer<typeof ZIntegrationsResponse>;

export const ZGenTokenRequest = z.object({
  /** LinkedIn: the code from the popup's return URL; Facebook/Instagram: the SDK's user access token. */
  user_access_token: z.string().trim().max(4096).default(''),
  social_media: z.enum(['facebook', 'instagram', 'linkedin']),
  /** LinkedIn only: the state the return URL carried (signed by us when the popup opened). */
  state: z.string().trim().max(2048).optional(),
});
export type TGenTokenRequest = z.input<typeof ZGenTokenRequest>;

export const ZUnlinkRequest = z.object({ social_media: z.literal('linkedin') });
export type TUnlinkRequest = z.input<typeof ZUnlinkRequest>;

/** Spec §3: the WordPress credentials; PASSWORD is an application password (Users → Profile). */
export const ZWordpressRequest = z.object({
  USERNAME: z.string().max(200).default(''),
  PASSWORD: z.string().max(200).default(''),
  HOSTNAME: z.string().max(2048).default(''),
});
export type TWordpressRequest = z.input<typeof ZWordpressRequest>;

export const ZConnectedResponse = z.object({
  message: z.string(),
  /** The accounts now connected (pages, Instagram accounts, the member, the site). */
  accounts: z.array(z.object({ name: z.string(), picture: z.string().nullable() })),
});
export type TConnectedResponse = z.infer<typeof ZConnectedResponse>;

export const ZLinkedinAuthorizeResponse = z.object({ url: z.string() });
export type TLinkedinAuthorizeResponse = z.infer<typeof ZLinkedinAuthorizeResponse>;

export const ZUserInfoResponse = z.object({
  data: z.object({ name: z.string(), picture: z.string().nullable() }),
  /**
   * Posts still to go out to this account (scheduled, or failed or held and waiting for a retry): unlinking
   * leaves them unpublished, so the dialog warns with this number first.
   */
  waiting_posts: z.number().int(),
});
export type TUserInfoResponse = z.infer<typeof ZUserInfoResponse>;

export const ZIntegrationsConfigResponse = z.object({
  facebook: z.object({ sdkUrl: z.string(), appId: z.string(), graphVersion: z.string() }),
  /** Scopes the Facebook login asks for (pages and Instagram publishing). */
  facebookScopes: z.array(z.string()),
  sandbox: z.object({ linkedin: z.boolean(), meta: z.boolean() }),
});
export type TIntegrationsConfigResponse = z.infer<typeof ZIntegrationsConfigResponse>;
