import type { TMeResponse, TScheduleItem } from '@sales-assist/contract';
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

/** A calendar item for component tests: a blog post scheduled to a WordPress site; `changes` make it any other. */
export const aScheduleItem = (changes: Partial<TScheduleItem> = {}): TScheduleItem => ({
  ID: 7,
  PostedOn: '2026-11-24T13:05:00.000Z',
  ContentType: ['Blog', 'Wordpress'],
  content_id: 3,
  content_kind: 'blog',
  title: 'Ten ways to brew',
  platform: 'wordpress',
  target_name: 'Sandbox blog',
  connection_id: '0b8f3c1e-2a4d-4c61-9a3b-5f2e8d7c6b1a',
  status: 'scheduled',
  paused_until: null,
  paused_reason: null,
  failure_reason: null,
  url: null,
  published_at: null,
  attempts: 0,
  ...changes,
});
