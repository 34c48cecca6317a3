import { accountCalls } from './account';
import { adminCalls } from './admin';
import { analyticsCalls } from './analytics';
import { blogsCalls } from './blogs';
import { builtInModelCalls } from './built-in-model';
import { campaignsCalls } from './campaigns';
import { chatCalls } from './chat';
import { engagementCalls } from './engagement';
import { googleAdsCalls } from './google-ads';
import { historyCalls } from './history';
import { infographicsCalls } from './infographics';
import { inputsCalls } from './inputs';
import { integrationsCalls } from './integrations';
import { keywordsCalls } from './keywords';
import { leadsCalls } from './leads';
import { linkedinCalls } from './linkedin';
import { linkedinPostsCalls } from './linkedin-posts';
import { noticesCalls } from './notices';
import { paymentsCalls } from './payments';
import { promptsCalls } from './prompts';
import { prospectResearchCalls } from './prospect-research';
import { publishingCalls } from './publishing';
import { scheduleCalls } from './schedule';
import { socialsCalls } from './socials';
import { systemCalls } from './system';
import { templatesCalls } from './templates';
import { uploadCsvCalls } from './upload-csv';
import { websiteCalls } from './website';

/**
 * Every call of the API: its method, its path and the schemas of what it takes and answers. The server's
 * routes are checked against it (apps/server/test/contract-calls.test.ts).
 */
export const CALLS = {
  ...systemCalls,
  ...accountCalls,
  ...websiteCalls,
  ...leadsCalls,
  ...linkedinCalls,
  ...adminCalls,
  ...builtInModelCalls,
  ...campaignsCalls,
  ...historyCalls,
  ...inputsCalls,
  ...blogsCalls,
  ...linkedinPostsCalls,
  ...googleAdsCalls,
  ...keywordsCalls,
  ...promptsCalls,
  ...prospectResearchCalls,
  ...infographicsCalls,
  ...socialsCalls,
  ...templatesCalls,
  ...uploadCsvCalls,
  ...integrationsCalls,
  ...scheduleCalls,
  ...noticesCalls,
  ...paymentsCalls,
  ...publishingCalls,
  ...chatCalls,
  ...analyticsCalls,
  ...engagementCalls,
};

export type TCallName = keyof typeof CALLS;
