export const GOOGLE_ADS_KEY = ['google-ads'] as const;
