import { Alert, NumberInput, Select, SimpleGrid } from '@mantine/core';
import {
  CAMPAIGN_COST_CREDITS,
  CAMPAIGN_TIMEZONES,
  CONNECTION_REQUESTS_PER_DAY,
  SEND_TIMES,
  WITHDRAW_AFTER_DAYS,
} from '@sales-assist/contract';
import { IconAlertTriangle, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../../app/session/session-store';
import { useEnoughCredits } from '../../payments/hooks/use-enough-credits';
import { useCreateCampaign } from '../hooks/use-create-campaign';
import {
  createCampaignPayload,
  settingsComplete,
  type TSendTime,
  type TWizardStepProps,
} from '../lib/campaign-draft';
import { CreateCampaignDialog } from './create-campaign-dialog';
import { StepFrame } from './step-frame';

const TIMEZONE_OPTIONS = CAMPAIGN_TIMEZONES.map((entry) => entry.label);

/** A number box's value: a whole number, or '' while it is empty. */
const wholeOrEmpty = (value: number | string): number | '' =>
  typeof value === 'number' && Number.isInteger(value) ? value : '';

/** Step 5 "Verify Your Campaign": the pace of the campaign, then Create Campaign (50 credits). */
export const VerifyStep = ({ draft, onDraftChange, goTo }: TWizardStepProps) => {
  const [confirming, setConfirming] = useState(false);
  const credits = useSession()?.credits ?? null;
  const create = useCreateCampaign({
    onCreated: (campaignId) => {
      onDraftChange({ campaignId });
      goTo(6);
    },
  });

  const balance = useEnoughCredits();

  // Spec §5: without all four settings nothing happens (no message; the fields show what is missing).
  // Spec §9: "Yes" is offered only with the campaign's 50 credits in hand; short, the premium pop-up opens.
  const onContinue = async () => {
    if (!settingsComplete(draft)) return;
    if (await balance.check(CAMPAIGN_COST_CREDITS)) setConfirming(true);
  };
  const confirm = () => {
    const payload = createCampaignPayload(draft);
    if (!payload) return setConfirming(false);
    create.mutate(payload, { onSettled: () => setConfirming(false) });
  };

  return (
    <StepFrame
      title="Verify Your Campaign"
      onBack={() => goTo(4)}
      onContinue={() => void onContinue()}
      loading={balance.checking}
      continueLabel="Create Campaign"
      continueIcon={<IconRocket size={18} />}
    >
      <Alert variant="light" color="yellow" icon={<IconAlertTriangle />} title="Keep the default settings">
        We recommend keeping these defaults. Exceeding LinkedIn's rate limits can lead to restrictions, errors
        or even a permanent ban of your account.
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label="Connection requests per day per account"
          description={`${CONNECTION_REQUESTS_PER_DAY.min} to ${CONNECTION_REQUESTS_PER_DAY.max}`}
          min={CONNECTION_REQUESTS_PER_DAY.min}
          max={CONNECTION_REQUESTS_PER_DAY.max}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          value={draft.connectionReq}
          onChange={(value) => onDraftChange({ connectionReq: wholeOrEmpty(value) })}
          error={draft.connectionReq === '' ? 'Enter a number from 1 to 10' : undefined}
        />
        <NumberInput
          label="Withdraw connection requests after"
          description={`${WITHDRAW_AFTER_DAYS.min} to ${WITHDRAW_AFTER_DAYS.max} days without an answer`}
          min={WITHDRAW_AFTER_DAYS.min}
          max={WITHDRAW_AFTER_DAYS.max}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          suffix=" days"
          value={draft.connectionWithdraw}
          onChange={(value) => onDraftChange({ connectionWithdraw: wholeOrEmpty(value) })}
          error={draft.connectionWithdraw === '' ? 'Enter a number of days from 1 to 7' : undefined}
        />
        <Select
          label="When to send messages"
          data={SEND_TIMES}
          value={draft.timeToSendMessage}
          onChange={(value) => onDraftChange({ timeToSendMessage: value as TSendTime | null })}
          allowDeselect={false}
        />
        <Select
          label="Time zone"
          data={TIMEZONE_OPTIONS}
          value={draft.timezone}
          onChange={(timezone) => onDraftChange({ timezone })}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No time zone of that name"
        />
      </SimpleGrid>
      <CreateCampaignDialog
        opened={confirming}
        loading={create.isPending}
        credits={credits}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </StepFrame>
  );
};
