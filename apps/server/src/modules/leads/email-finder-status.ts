import { LEAD_OUTREACH_MESSAGES, type TEmailFinderStatus } from '@sales-assist/contract';
import type { AppDeps } from '../../app-deps';

/** Whether Find Email can look e-mails up here, and what to set up when it cannot. */
export const emailFinderStatus = (deps: Pick<AppDeps, 'emailFinder'>): TEmailFinderStatus =>
  deps.emailFinder
    ? { provider: deps.emailFinder.provider, note: null }
    : { provider: null, note: LEAD_OUTREACH_MESSAGES.noEmailFinder };
