import { useState } from 'react';
import { newCampaignDraft, type TCampaignDraft, type TWizardStep } from '../lib/campaign-draft';
import { CampaignListScreen } from './campaign-list-screen';
import { CampaignWizard } from './campaign-wizard';

type TSectionState = { view: 'list' } | { view: 'wizard'; step: TWizardStep };

/**
 * The section's state (spec §2/§3): on entry the campaign list, step 1 and channel LinkedIn in the
 * draft. "Create New Campaign" starts the wizard at step 2; opening a campaign shows step 6.
 */
export const CampaignsSection = () => {
  const [state, setState] = useState<TSectionState>({ view: 'list' });
  const [draft, setDraft] = useState<TCampaignDraft>(newCampaignDraft);

  const show = (next: TSectionState) => {
    setState(next);
    window.scrollTo({ top: 0 });
  };

  if (state.view === 'list') {
    return (
      <CampaignListScreen
        onCreate={() => {
          setDraft(newCampaignDraft());
          show({ view: 'wizard', step: 2 });
        }}
        onOpen={(campaignId) => {
          setDraft({ ...newCampaignDraft(), campaignId });
          show({ view: 'wizard', step: 6 });
        }}
      />
    );
  }
  return (
    <CampaignWizard
      step={state.step}
      draft={draft}
      onDraftChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
      goTo={(step) => show({ view: 'wizard', step })}
      onExit={() => {
        setDraft(newCampaignDraft());
        show({ view: 'list' });
      }}
    />
  );
};
