/** The content writer's responsive search ads (Google Ads): the types its two implementations share. */

/** One responsive search ad's text: every field already within Google's limits (search-ad-fit.ts). */
export type SearchAd = {
  headlines: string[];
  descriptions: string[];
  /** The two display paths; '' when there is none. */
  paths: [string, string];
};

export type SearchAdField = 'headline' | 'description' | 'path';

/** The landing page as read for grounding (modules/google-ads reads it SSRF-safely), or null. */
export type LandingPage = {
  url: string;
  title: string;
  description: string;
  headings: string[];
  /** Its readable text, already cut to a size a prompt can hold. */
  text: string;
};

export type SearchAdRequest = {
  /** The Final URL the ad leads to. */
  landingUrl: string;
  landingPage: LandingPage | null;
  keywords: string[];
};

export type SearchAdFieldRequest = SearchAdRequest & {
  /** The ad as it stands (the editor's fields): the new text must repeat none of them. */
  ad: SearchAd;
  field: SearchAdField;
  index: number;
};
