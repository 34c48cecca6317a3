import type { TSubscriptionType } from '@sales-assist/contract';

/** Spec §3 "Session/user": what the app keeps about the signed-in person. */
export type TSession = {
  accessToken: string;
  refreshToken: string;
  email: string;
  isAdmin: boolean;
  isActive: boolean;
  website_check: boolean;
  website_url: string | null;
  website_name: string | null;
  subscription_type: TSubscriptionType;
  credits: number;
  companyName: string;
  socialMediaConnection: { facebook: boolean; instagram: boolean; linkedin: boolean; wordpress: boolean };
};

export const DEFAULT_COMPANY_NAME = 'Company Name';

export const NO_SOCIAL_CONNECTIONS: TSession['socialMediaConnection'] = {
  facebook: false,
  instagram: false,
  linkedin: false,
  wordpress: false,
};
