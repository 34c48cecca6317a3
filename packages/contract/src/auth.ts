import { ZEmail, ZOtp, ZPassword, ZSubscriptionType } from './common';
import { z } from './messages';

const ZCaptchaToken = z
  .string()
  .max(4096)
  .default('')
  .describe('reCAPTCHA v3 token; empty when captcha is off');
const ZChallengeToken = z.string().min(1, 'token is required').max(200);

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  captcha_token: ZCaptchaToken,
  subscription_type: ZSubscriptionType.default('Premium'),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/** The token names the pending e-mail check; the code itself travels by mail only. */
export const ZChallengeResponse = z.object({ token: z.string() });
export type TChallengeResponse = z.infer<typeof ZChallengeResponse>;

export const ZVerifyOtpRequest = z.object({ token: ZChallengeToken, otp: ZOtp });
export type TVerifyOtpRequest = z.input<typeof ZVerifyOtpRequest>;

export const ZResendOtpRequest = z.object({ token: ZChallengeToken });
export type TResendOtpRequest = z.input<typeof ZResendOtpRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, 'Password is required').max(256),
  captcha_token: ZCaptchaToken,
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

/** Spec §3 "Login response", field for field. */
export const ZLoginResponse = z.object({
  is_admin: z.boolean(),
  is_active: z.array(z.boolean()).describe('the first element is used'),
  website_check: z.boolean(),
  access_token: z.string(),
  refresh_token: z.string(),
  website_url: z.string().nullable(),
  subscription_type: ZSubscriptionType,
  credits: z.number().int(),
  website_name: z.string().nullable(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** Body of the 403 answered to a login of an account whose e-mail is not verified yet. */
export const ZNotVerifiedError = z.object({
  error: z.literal('not_verified'),
  message: z.string(),
  token: z.string().describe('challenge token for verify_otp; a new code has been mailed'),
});
export type TNotVerifiedError = z.infer<typeof ZNotVerifiedError>;

export const ZRefreshResponse = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail, captcha_token: ZCaptchaToken });
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({ token: ZChallengeToken, otp: ZOtp, password: ZPassword });
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

export const ZChangePasswordRequest = z.object({
  old_password: z.string().min(1, 'Current password is required').max(256),
  new_password: ZPassword,
});
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;
