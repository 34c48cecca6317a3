import type { TCallName } from './index';

/**
 * The calls whose method and path the specification names: they keep them for good, whatever the house style
 * (the spec's `/linkedinAI/*` calls, `/loginv2`, `/get-templates-data`, …).
 */
export const SPEC_CALLS: readonly TCallName[] = [
  'register',
  'login',
  'refresh',
  'logout',
  'addWebsite',
  'allLists',
  'searchLists',
  'fetchAllLists',
  'renameList',
  'deleteList',
  'leadsByList',
  'allLeads',
  'selectPeople',
  'verifyUpload',
  'saveLeads',
  'storeCookie',
  'liAtExpired',
  'searchResult',
  'fetchCampaigns',
  'searchCampaigns',
  'selectCampaign',
  'createCampaign',
  'getCampaignLeads',
  'renameCampaign',
  'selectCampaignLead',
  'launchCampaign',
  'pauseCampaign',
  'getPrompts',
  'getTemplatesData',
  'updateTemplatesData',
  'getIntegrations',
  'genToken',
  'deleteGenToken',
  'connectWordpress',
  'getUserInfo',
  'getScheduledPosts',
  'getSessionStatus',
];

/**
 * The house style of every other call: lowercase words joined by hyphens, a parameter as `:name`, under
 * `/api` (`/api/linkedin-posts/:id/regenerate`). A new call is written so.
 */
export const HOUSE_STYLE = /^\/api(\/[a-z0-9]+(-[a-z0-9]+)*|\/:[a-zA-Z]+)+$/;

/**
 * Calls made before the house style was set, in the spec's `/linkedinAI/` or snake_case style although the
 * spec does not name them: renamed when their path next changes. The list only ever shrinks.
 */
export const CALLS_BEFORE_THE_HOUSE_STYLE: readonly TCallName[] = [
  'verifyOtp',
  'resendOtp',
  'forgotPassword',
  'resetPassword',
  'changePassword',
  'updateMeCrmTitle',
  'skipWebsite',
  'getBrandProfile',
  'updateBrandProfile',
  'exportList',
  'importStatus',
  'sampleCsv',
  'leadImport',
  'setUserActive',
  'messageTemplates',
  'saveMessageTemplate',
  'deleteMessageTemplate',
  'campaignLeadCount',
  'deleteCampaign',
  'campaignLead',
  'updateLeadMessages',
  'approveLeadMessage',
  'skipLeadMessage',
  'approveAllMessages',
  'regenerateBlogSection',
  'getPlanUsage',
  'regenerateSocialPostText',
  'regenerateSocialPostImage',
];
