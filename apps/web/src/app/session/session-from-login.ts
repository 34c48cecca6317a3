import type { TLoginResponse } from '@sales-assist/contract';
import { DEFAULT_COMPANY_NAME, NO_SOCIAL_CONNECTIONS, type TSession } from './session';
import { sessionStore } from './session-store';

/** Stores the login fields (spec §3 "Login response"); is_active's first element is the one used. */
export const startSession = (login: TLoginResponse, email: string): TSession => {
  const previous = sessionStore.get();
  const session: TSession = {
    accessToken: login.access_token,
    refreshToken: login.refresh_token,
    email,
    isAdmin: login.is_admin,
    isActive: login.is_active[0] ?? true,
    website_check: login.website_check,
    website_url: login.website_url,
    website_name: login.website_name,
    subscription_type: login.subscription_type,
    credits: login.credits,
    companyName: previous?.email === email ? previous.companyName : DEFAULT_COMPANY_NAME,
    socialMediaConnection: previous?.email === email ? previous.socialMediaConnection : NO_SOCIAL_CONNECTIONS,
  };
  sessionStore.set(session);
  return session;
};

/** Where a fresh login goes (spec §2): the website scan first when no website is known yet. */
export const homeAfterLogin = (session: TSession): string => {
  if (session.isAdmin) return '/admin';
  return session.website_check ? '/' : '/website';
};
