import {
  CAMPAIGN_ACTIONS,
  type CAMPAIGN_GOALS,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_TIMEZONES,
  type MESSAGE_TONES,
  type SEND_TIMES,
  type TCreateCampaignRequest,
  type TMessageTemplate,
  type TOwnMessageTemplate,
} from '@sales-assist/contract';

export type TCampaignGoal = (typeof CAMPAIGN_GOALS)[number];
export type TMessageTone = (typeof MESSAGE_TONES)[number];
export type TSendTime = (typeof SEND_TIMES)[number];

/** Spec §2: the campaign page is a six-step wizard held in state, not in the URL. */
export type TWizardStep = 1 | 2 | 3 | 4 | 5 | 6;

/** Only LinkedIn exists today; the other channels are shown as "Soon". */
export type TOutreachChannel = 'LinkedIn';

/** Spec §3 "Campaign draft" (client), minus what the server answers (status, leads). */
export type TCampaignDraft = {
  channel: TOutreachChannel;
  campaignName: string;
  campaignGoal: TCampaignGoal | null;
  toneOfMessage: TMessageTone | null;
  /** The engagement window's value (7, 1 or 2), sent as `${value} days`. */
  engageWithLeadsPost: number | null;
  /** One of the spec's three, or (with ownTemplate null) none yet. */
  selectedTemplate: TMessageTemplate | null;
  /** One of the user's own templates; set only while selectedTemplate is null. */
  ownTemplate: TOwnMessageTemplate | null;
  selectedList: number | null;
  /** '' while the number box is empty. */
  connectionReq: number | '';
  connectionWithdraw: number | '';
  timeToSendMessage: TSendTime | null;
  timezone: string | null;
  firstDegreeConnChecked: boolean;
  excludeAllProspects: boolean;
  campaignId: number | null;
};

/**
 * What each step of the wizard gets from it: the draft, a way to change it and a way to move to another
 * step. Kept here beside the draft rather than in the wizard, which imports every step.
 */
export type TWizardStepProps = {
  draft: TCampaignDraft;
  onDraftChange: (patch: Partial<TCampaignDraft>) => void;
  goTo: (step: TWizardStep) => void;
};

/** Spec §9 campaign defaults. */
export const newCampaignDraft = (): TCampaignDraft => ({
  channel: 'LinkedIn',
  campaignName: '',
  campaignGoal: 'Book a Meeting',
  toneOfMessage: 'Friendly, Approachable',
  engageWithLeadsPost: 7,
  selectedTemplate: null,
  ownTemplate: null,
  selectedList: null,
  connectionReq: 10,
  connectionWithdraw: 7,
  timeToSendMessage: 'Weekdays during working hours',
  timezone: CAMPAIGN_TIMEZONES[0].label,
  firstDegreeConnChecked: false,
  excludeAllProspects: false,
  campaignId: null,
});

/** Spec §5 step 4: the first missing detail, in the spec's order, or null when all are there. */
export const detailsProblem = (draft: TCampaignDraft): string | null => {
  if (draft.campaignName.trim() === '') return CAMPAIGN_MESSAGES.giveName;
  if (!draft.campaignGoal) return CAMPAIGN_MESSAGES.selectGoal;
  if (!draft.toneOfMessage) return CAMPAIGN_MESSAGES.selectTone;
  if (draft.engageWithLeadsPost === null) return CAMPAIGN_MESSAGES.selectEngagementDays;
  if (!draft.selectedTemplate && !draft.ownTemplate) return CAMPAIGN_MESSAGES.selectTemplate;
  return null;
};

/** Spec §5 step 5: the create dialog opens only when all four settings are there. */
export const settingsComplete = (draft: TCampaignDraft): boolean =>
  draft.connectionReq !== '' &&
  draft.connectionWithdraw !== '' &&
  Boolean(draft.timezone) &&
  Boolean(draft.timeToSendMessage);

/**
 * Spec §7 create_campaign payload, or null while the draft misses something steps 2, 4 and 5 ask
 * for (the steps stop the person before that; the server checks the same rules again).
 */
export const createCampaignPayload = (draft: TCampaignDraft): TCreateCampaignRequest | null => {
  const { campaignGoal, toneOfMessage, engageWithLeadsPost, selectedTemplate, ownTemplate, selectedList } =
    draft;
  const { timeToSendMessage, timezone } = draft;
  if (detailsProblem(draft) || !settingsComplete(draft) || selectedList === null) return null;
  if (!campaignGoal || !toneOfMessage || engageWithLeadsPost === null) return null;
  // The spec sends a template's description; the user's own goes by id (its name is sent too, as message).
  const template = ownTemplate
    ? { message: ownTemplate.name, message_template_id: ownTemplate.id }
    : selectedTemplate
      ? { message: selectedTemplate.description }
      : null;
  if (!template) return null;
  if (!timeToSendMessage || !timezone) return null;
  return {
    campaign_name: draft.campaignName.trim(),
    source: draft.channel,
    campaign_goal: campaignGoal,
    message_tone: toneOfMessage,
    days_post_engagement: `${engageWithLeadsPost} days`,
    ...template,
    connection_request_per_day: draft.connectionReq,
    withdraw_after: draft.connectionWithdraw,
    time: timeToSendMessage,
    timezone,
    list_id: selectedList,
    connection_degree: draft.firstDegreeConnChecked ? 1 : 0,
    isProfilePic: draft.excludeAllProspects ? 1 : 0,
    actions: CAMPAIGN_ACTIONS.map((step) => ({ ...step })),
  };
};
