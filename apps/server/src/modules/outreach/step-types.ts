import type { AppDeps } from '../../app-deps';
import type {
  CampaignLeadRow,
  CampaignLeadState,
  CampaignRow,
  OutreachAction,
  OutreachStepRow,
} from '../../db/schema';
import type { LinkedInSession } from '../../lib/clients/linkedin-gateway';
import type { EngineTime } from './engine-time';

/** What an action needs: the account's LinkedIn session and the rows it works on. */
export type StepContext = {
  deps: Pick<AppDeps, 'db' | 'clock' | 'writer' | 'config'>;
  session: LinkedInSession;
  campaign: CampaignRow;
  lead: CampaignLeadRow;
  step: OutreachStepRow;
  time: EngineTime;
  now: Date;
  /**
   * The step was claimed before and never settled (the runner stopped mid-call): LinkedIn is read first,
   * and nothing is sent again when it already happened.
   */
  reconciling: boolean;
};

export type LeadPatch = Partial<
  Pick<
    CampaignLeadRow,
    | 'profileUrn'
    | 'industry'
    | 'headline'
    | 'company'
    | 'profileImageUrl'
    | 'connectionDegree'
    | 'postUrn'
    | 'postText'
    | 'comment'
    | 'invitationUrn'
    | 'invitationSentAt'
  >
>;

/** What an action did, read back from LinkedIn; the runner settles it in one transaction. */
export type StepOutcome = {
  /** `skipped`: nothing needed doing (no recent post). */
  stepState: 'done' | 'skipped';
  result: string;
  lead: {
    state?: CampaignLeadState;
    reason?: string;
    patch?: LeadPatch;
    /** Plan steps passed beyond this action's own (a skipped comment with its like). */
    extraProgress?: number;
  };
  /** Every action taken on the user's behalf, for the side panel (and the daily caps). */
  activity: { action: OutreachAction; outcome: string }[];
  /** The lead's next step; null when the lead's plan has ended. */
  next: { action: OutreachAction; dueAt: Date } | null;
};

/** LinkedIn answered, but reading back showed the action did not take: try again later. */
export class UnconfirmedActionError extends Error {
  override name = 'UnconfirmedActionError';
}

/** The lead cannot go on (no usable profile, a refusal about this person): it fails, the campaign goes on. */
export class LeadCannotContinueError extends Error {
  override name = 'LeadCannotContinueError';
}
