import type { TMeResponse } from '@sales-assist/contract';
import type { TSession } from '../app/session/session';

export const SESSION: TSession = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  email: 'jane@acme.example',
  isAdmin: false,
  isActive: true,
  website_check: true,
  website_url: 'https://acme.example/',
  website_name: 'Acme',
  subscription_type: 'Premium',
  credits: 450,
  companyName: 'Acme Inc',
  socialMediaConnection: { facebook: false, instagram: false, linkedin: false, wordpress: false },
};

export const ME: TMeResponse = {
  email: SESSION.email,
  isAdmin: false,
  isActive: true,
  website_check: true,
  website_url: SESSION.website_url,
  website_name: SESSION.website_name,
  subscription_type: 'Premium',
  credits: 450,
  companyName: 'Acme Inc',
  crmTitle: 'CRM',
  socialMediaConnection: SESSION.socialMediaConnection,
  time_zone: null,
};
