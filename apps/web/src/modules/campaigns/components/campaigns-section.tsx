import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { newCampaignDraft, type TCampaignDraft, type TWizardStep } from '../lib/campaign-draft';
import { CampaignListScreen } from './campaign-list-screen';
import { CampaignWizard } from './campaign-wizard';

type TSectionState = { view: 'list' } | { view: 'wizard'; step: TWizardStep };

/**
 * `/campaigns?list=<id>` opens the wizard at step 2 with that list chosen (Start Outreach on the all-leads
 * page makes the list first), `/campaigns?new=1` opens it with none; anything else shows the list.
 */
export const wizardEntryOf = (params: URLSearchParams): { listId: number | null } | null => {
  const list = params.get('list');
  if (list !== null && /^[1-9]\d{0,15}$/.test(list)) return { listId: Number(list) };
  if (params.get('new') === '1') return { listId: null };
  return null;
};

/**
 * The section's state (spec §2/§3): on entry the campaign list, step 1 and channel LinkedIn in the
 * draft. "Create New Campaign" starts the wizard at step 2; opening a campaign shows step 6; an address
 * from Start Outreach (wizardEntryOf) starts at step 2 with its list.
 */
export const CampaignsSection = () => {
  const [searchParams] = useSearchParams();
  const entry = wizardEntryOf(searchParams);
  const [state, setState] = useState<TSectionState>(entry ? { view: 'wizard', step: 2 } : { view: 'list' });
  const [draft, setDraft] = useState<TCampaignDraft>(() => ({
    ...newCampaignDraft(),
    selectedList: entry?.listId ?? null,
  }));

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
