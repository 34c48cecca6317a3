/** Query keys of the Campaigns section; everything under CAMPAIGNS_KEY is refreshed after a change. */
export const CAMPAIGNS_KEY = ['campaigns'] as const;
export const CAMPAIGN_LIST_KEY = [...CAMPAIGNS_KEY, 'list'] as const;
export const CAMPAIGN_LEADS_KEY = [...CAMPAIGNS_KEY, 'leads'] as const;
export const CAMPAIGN_LEAD_KEY = [...CAMPAIGNS_KEY, 'lead'] as const;
export const LEAD_COUNT_KEY = [...CAMPAIGNS_KEY, 'lead-count'] as const;
export const TEMPLATES_KEY = [...CAMPAIGNS_KEY, 'templates'] as const;
